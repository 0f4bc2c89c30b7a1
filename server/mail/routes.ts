import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import { checkCredentialsShape, createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from './accounts';
import type { PasswordCipher } from './credentials';
import { cancelMail, mailDetail, resendMail, searchMailLog } from './mail-log';
import { createProvider, deleteProvider, getProvider, providersLister, updateProvider } from './providers';
import { mailStatistics } from './statistics';
import { enqueueMail, listDelivered, listFailed, listQueued, listRetrying, requeueFailed, retryNow } from './queue';
import {
  Account,
  AccountInput,
  Delivered,
  Failed,
  ListQuery,
  Mail,
  MailLogDetail,
  MailLogPage,
  MailLogQuery,
  MailStatistics,
  Provider,
  ProviderInput,
  QueueEntry,
  Requeued,
  RetriedNow,
  Retrying,
  Sent,
  UidParams,
  UidsBody,
} from '../../contracts/mail';
import { readMailLogSearch } from './schemas';

const DEFAULT_LIST_LIMIT = 1000;
const administration = (summary: string) => ({ tags: ['mail administration'], summary, security: BEARER });

export function mailRoutes(app: ServiceApp, { db, cipher }: { db: Db; cipher: PasswordCipher }) {
  const listProviders = providersLister(db);
  app.post(
    '/send/',
    {
      config: { permission: 'mail:send' },
      schema: {
        tags: ['mail'],
        summary: 'Queue a mail for delivery',
        security: BEARER,
        body: Mail,
        response: { 202: Sent, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return { reference_uid: await enqueueMail(db, request.body, auditContextOf(request)) };
    },
  );

  app.get(
    '/administration/providers/',
    { config: { permission: 'mail:read' }, schema: { ...administration('List SMTP providers'), response: { 200: Type.Array(Provider), ...problems(401) } } },
    async () => listProviders(),
  );
  app.post(
    '/administration/providers/',
    { config: { permission: 'mail:manage' }, schema: { ...administration('Add an SMTP provider'), body: ProviderInput, response: { 201: Provider, ...problems(400, 401) } } },
    async (request, reply) => {
      reply.code(201);
      return createProvider(db, request.body, auditContextOf(request));
    },
  );
  app.get(
    '/administration/providers/:uid/',
    { config: { permission: 'mail:read' }, schema: { ...administration('Read an SMTP provider'), params: UidParams, response: { 200: Provider, ...problems(400, 401, 404) } } },
    async (request) => getProvider(db, request.params.uid),
  );
  app.put(
    '/administration/providers/:uid/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration('Change an SMTP provider'),
        params: UidParams,
        body: ProviderInput,
        response: { 200: Provider, ...problems(400, 401, 404) },
      },
    },
    async (request) => updateProvider(db, request.params.uid, request.body, auditContextOf(request)),
  );
  app.delete(
    '/administration/providers/:uid/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration('Delete an SMTP provider for good; refused (409) while accounts use it'),
        params: UidParams,
        response: { 204: Type.Null(), ...problems(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteProvider(db, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/administration/accounts/',
    { config: { permission: 'mail:read' }, schema: { ...administration('List sender accounts in matching order'), response: { 200: Type.Array(Account), ...problems(401) } } },
    async () => listAccounts(db),
  );
  app.post(
    '/administration/accounts/',
    {
      config: { permission: 'mail:manage' },
      preValidation: checkCredentialsShape,
      schema: { ...administration('Add a sender account'), body: AccountInput, response: { 201: Account, ...problems(400, 401) } },
    },
    async (request, reply) => {
      const account = await createAccount(db, cipher, request.body, auditContextOf(request));
      reply.code(201);
      return account;
    },
  );
  app.get(
    '/administration/accounts/:uid/',
    { config: { permission: 'mail:read' }, schema: { ...administration('Read a sender account'), params: UidParams, response: { 200: Account, ...problems(400, 401, 404) } } },
    async (request) => getAccount(db, request.params.uid),
  );
  app.put(
    '/administration/accounts/:uid/',
    {
      config: { permission: 'mail:manage' },
      preValidation: checkCredentialsShape,
      schema: {
        ...administration('Change a sender account; credentials only when credentials_changed is true'),
        params: UidParams,
        body: AccountInput,
        response: { 200: Account, ...problems(400, 401, 404) },
      },
    },
    async (request) => updateAccount(db, cipher, request.params.uid, request.body, auditContextOf(request)),
  );
  app.delete(
    '/administration/accounts/:uid/',
    {
      config: { permission: 'mail:manage' },
      schema: { ...administration('Delete a sender account for good'), params: UidParams, response: { 204: Type.Null(), ...problems(400, 401, 404) } },
    },
    async (request, reply) => {
      await deleteAccount(db, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  const list = (summary: string) => ({ ...administration(summary), querystring: ListQuery });
  app.get(
    '/administration/queue/',
    { config: { permission: 'mail:read' }, schema: { ...list('Queued mails, including those being sent; newest request first'), response: { 200: Type.Array(QueueEntry), ...problems(400, 401) } } },
    async (request) => listQueued(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/delivered/',
    { config: { permission: 'mail:read' }, schema: { ...list('Delivered mails, newest delivery first'), response: { 200: Type.Array(Delivered), ...problems(400, 401) } } },
    async (request) => listDelivered(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-temporarily/',
    { config: { permission: 'mail:read' }, schema: { ...list('Mails waiting for another attempt, next attempt first'), response: { 200: Type.Array(Retrying), ...problems(400, 401) } } },
    async (request) => listRetrying(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-permanently/',
    { config: { permission: 'mail:read' }, schema: { ...list('Permanently failed mails, latest failure first'), response: { 200: Type.Array(Failed), ...problems(400, 401) } } },
    async (request) => listFailed(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.post(
    '/administration/queue/failed-permanently/requeue/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration('Queue permanently failed mails again, attempts reset'),
        body: UidsBody,
        response: { 200: Requeued, ...problems(400, 401, 404) },
      },
    },
    async (request) => ({ requeued: await requeueFailed(db, request.body.uids, auditContextOf(request)) }),
  );
  app.post(
    '/administration/queue/failed-temporarily/retry-now/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration('Make retrying mails due now instead of at their next attempt; answers how many moved'),
        body: UidsBody,
        response: { 200: RetriedNow, ...problems(400, 401) },
      },
    },
    async (request) => ({ moved: await retryNow(db, request.body.uids, auditContextOf(request)) }),
  );

  app.get(
    '/administration/statistics/',
    {
      config: { permission: 'mail:read' },
      schema: { ...administration('The dashboard figures: mails queued, retrying and failed, and delivered today'), response: { 200: MailStatistics, ...problems(401, 403) } },
    },
    async () => mailStatistics(db),
  );

  mailLogRoutes(app, db);
}

function mailLogRoutes(app: ServiceApp, db: Db) {
  app.get(
    '/administration/mails/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration('The mail log: every mail in any state, searched, filtered, sorted and paged'),
        description:
          '`query` (case-insensitive): a whole address or Message-ID matches that sender, recipient (to or cc) or Message-ID exactly; anything else is a substring of sender, any recipient, subject or Message-ID. `filters` is {"state": [...], "requested": {"from", "to"}}. Totals above 1000 are lower bounds unless exact_total=true; the whole log\'s total is always exact.',
        querystring: MailLogQuery,
        response: { 200: MailLogPage, ...problems(400, 401) },
      },
    },
    async (request) => searchMailLog(db, readMailLogSearch(request.query), request.query.exact_total),
  );
  app.get(
    '/administration/mails/:uid/',
    {
      config: { permission: 'mail:read' },
      schema: { ...administration('A mail with its body, every delivery attempt and its resend links'), params: UidParams, response: { 200: MailLogDetail, ...problems(400, 401, 404) } },
    },
    async (request) => mailDetail(db, request.params.uid.toLowerCase()),
  );
  app.post(
    '/administration/mails/:uid/resend/',
    {
      config: { permission: 'mail:manage' },
      schema: { ...administration('Queue a new mail with the same content, linked to this one'), params: UidParams, response: { 201: MailLogDetail, ...problems(400, 401, 404) } },
    },
    async (request, reply) => {
      const resendUid = await resendMail(db, request.params.uid.toLowerCase(), auditContextOf(request));
      reply.code(201);
      return mailDetail(db, resendUid);
    },
  );
  app.post(
    '/administration/mails/:uid/cancel/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration('Cancel a queued or retrying mail that is not being delivered right now'),
        params: UidParams,
        response: { 200: MailLogDetail, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const uid = request.params.uid.toLowerCase();
      await cancelMail(db, uid, request.user, auditContextOf(request));
      return mailDetail(db, uid);
    },
  );
}
