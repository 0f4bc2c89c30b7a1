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
const administration = (summary: string, description: string) => ({ tags: ['mail administration'], summary, description, security: BEARER });

export function mailRoutes(app: ServiceApp, { db, cipher }: { db: Db; cipher: PasswordCipher }) {
  const listProviders = providersLister(db);
  app.post(
    '/send/',
    {
      config: { permission: 'mail:send' },
      schema: {
        tags: ['mail'],
        summary: 'Queue a mail for delivery',
        description:
          'Answers 202 with the reference uid; the delivery worker sends the mail through the first account whose expression matches the ' +
          'sender. Its Message-ID, <reference_uid@sender-domain>, is fixed at queue time. A permanent SMTP refusal (a 5xx reply but 503) ' +
          'fails the mail; connection errors, time-outs, TLS errors and 4xx replies are retried with a growing wait (MAIL_MIN_BACKOFF doubled ' +
          'up to MAIL_MAX_BACKOFF) until MAIL_MAX_ATTEMPTS. A sender no account matches fails at once; one that only disabled accounts or ' +
          'providers match waits, retried with the same backoff. A mail the provider accepts for at least one recipient is delivered, with ' +
          'the refused recipients listed; one refused for every recipient fails when every refusal is permanent and is retried otherwise. ' +
          'Audited as `mail.send`.',
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
    {
      config: { permission: 'mail:read' },
      schema: { ...administration('List SMTP providers', 'Every provider, enabled or disabled.'), response: { 200: Type.Array(Provider), ...problems(401) } },
    },
    async () => listProviders(),
  );
  app.post(
    '/administration/providers/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Add an SMTP provider',
          'The service assigns the uid (a uid sent is 400 `/problems/read-only-field`); `disabled` left out: enabled. `security` `none` never ' +
            'upgrades, `starttls` requires STARTTLS, `ssl/tls` is implicit TLS. Answers 201. Audited as `mail-provider.create`.',
        ),
        body: ProviderInput,
        response: { 201: Provider, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createProvider(db, request.body, auditContextOf(request));
    },
  );
  app.get(
    '/administration/providers/:uid/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration('Read an SMTP provider', '404 `/problems/provider-not-found` when no provider has the uid.'),
        params: UidParams,
        response: { 200: Provider, ...problems(400, 401, 404) },
      },
    },
    async (request) => getProvider(db, request.params.uid),
  );
  app.put(
    '/administration/providers/:uid/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Change an SMTP provider',
          'Takes the provider as GET returns it: `uid` (optional) must equal the path (400 `/problems/read-only-field`). `disabled` left out ' +
            'keeps the state; a disabled provider is kept, but no account delivers through it: mails that only its accounts match wait and ' +
            'are retried with the usual backoff, so enabling it again (or Retry now) delivers them. Audited as `mail-provider.update`, ' +
            '`mail-provider.disable` or `mail-provider.enable`.',
        ),
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
        ...administration(
          'Delete an SMTP provider for good; refused (409) while accounts use it',
          '409 `/problems/provider-in-use` while accounts use it (`accounts` says how many); 404 `/problems/provider-not-found` when unknown. ' +
            'Audited as `mail-provider.delete`.',
        ),
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
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration(
          'List sender accounts in matching order',
          'In creation order, the order in which they are matched: the first enabled account of an enabled provider whose expression ' +
            'matches a sender delivers its mails. A stored password is never returned.',
        ),
        response: { 200: Type.Array(Account), ...problems(401) },
      },
    },
    async () => listAccounts(db),
  );
  app.post(
    '/administration/accounts/',
    {
      config: { permission: 'mail:manage' },
      preValidation: checkCredentialsShape,
      schema: {
        ...administration(
          'Add a sender account',
          '`expression` is an RE2 regular expression searched for anywhere in the sender, case-sensitive (`info` matches x.info@a.de); `^` ' +
            'and `$` anchor it to the whole address, `(?i)` makes it case-insensitive. It runs in time linear in the sender whatever the ' +
            'pattern; JavaScript spellings (`\\u0041`, `(?<name>…)`, `\\/`) are translated. A backreference, lookahead or lookbehind, or an ' +
            'expression that does not parse, is 400 `/problems/invalid-expression` naming `expression`, with RE2\'s `reason` (and `at`, the ' +
            'part at fault, when RE2 names one). `provider` is `{uid}` or the provider as read (its `name`, `host` and `disabled` must be the ' +
            "provider's own, else 400 `/problems/read-only-field`); an unknown provider is 400 `/problems/unknown-provider`. `credentials` " +
            'need the password, or are null. The service assigns the uid. Answers 201. Audited as `mail-account.create`.',
        ),
        body: AccountInput,
        response: { 201: Account, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const account = await createAccount(db, cipher, request.body, auditContextOf(request));
      reply.code(201);
      return account;
    },
  );
  app.get(
    '/administration/accounts/:uid/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration('Read a sender account', '404 `/problems/account-not-found` when no account has the uid. A stored password is never returned.'),
        params: UidParams,
        response: { 200: Account, ...problems(400, 401, 404) },
      },
    },
    async (request) => getAccount(db, request.params.uid),
  );
  app.put(
    '/administration/accounts/:uid/',
    {
      config: { permission: 'mail:manage' },
      preValidation: checkCredentialsShape,
      schema: {
        ...administration(
          'Change a sender account; credentials only when credentials_changed is true',
          'Takes the account as GET returns it, checked as in a create; `uid` (optional) must equal the path. `credentials_changed` left out ' +
            'or false keeps the stored credentials whatever `credentials` says (so the GET\'s `{username}` can be sent back); true replaces ' +
            'them (null removes them) and then needs the password. `disabled` left out keeps the state; a disabled account is kept but skipped ' +
            'when the account of a sender is chosen. Audited as `mail-account.update`, `mail-account.disable` or `mail-account.enable`.',
        ),
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
      schema: {
        ...administration(
          'Delete a sender account for good',
          'Nothing refers to an account: mails are routed when they are delivered. 404 `/problems/account-not-found` when unknown. Audited as `mail-account.delete`.',
        ),
        params: UidParams,
        response: { 204: Type.Null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  const list = (summary: string, description: string) => ({
    ...administration(summary, `${description} At most \`limit\` mails (default ${DEFAULT_LIST_LIMIT}).`),
    querystring: ListQuery,
  });
  app.get(
    '/administration/queue/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list('Queued mails, including those being sent; newest request first', 'Mails waiting for their first delivery attempt or being delivered, newest request first.'),
        response: { 200: Type.Array(QueueEntry), ...problems(400, 401) },
      },
    },
    async (request) => listQueued(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/delivered/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Delivered mails, newest delivery first',
          'Mails the provider accepted for at least one recipient, newest delivery first; `refused` lists the recipients it refused meanwhile ' +
            'with its reply (empty when it accepted every one). Refused recipients of a delivered mail are not retried.',
        ),
        response: { 200: Type.Array(Delivered), ...problems(400, 401) },
      },
    },
    async (request) => listDelivered(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-temporarily/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Mails waiting for another attempt, next attempt first',
          'Mails that failed temporarily, soonest attempt first, with the error and the time of the next attempt.',
        ),
        response: { 200: Type.Array(Retrying), ...problems(400, 401) },
      },
    },
    async (request) => listRetrying(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-permanently/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Permanently failed mails, latest failure first',
          'Mails that failed permanently (until requeued or removed by retention), latest failure first, with the error.',
        ),
        response: { 200: Type.Array(Failed), ...problems(400, 401) },
      },
    },
    async (request) => listFailed(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.post(
    '/administration/queue/failed-permanently/requeue/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Queue permanently failed mails again, attempts reset',
          'Takes reference uids. Each mail goes back in the queue with its retry budget reset (MAIL_MAX_ATTEMPTS and the backoff count ' +
            'from the requeue; its attempts so far stay in the log). All or nothing: a uid that is unknown or not permanently failed is 404 ' +
            '`/problems/mail-not-failed` naming `uids`. One `mail.requeue` event per mail.',
        ),
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
        ...administration(
          'Make retrying mails due now instead of at their next attempt; answers how many moved',
          'Takes reference uids. The retrying mails among them are due now, their retry budget unchanged; the others are skipped, not ' +
            'refused. One `mail.retry-now` event per mail moved.',
        ),
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
      schema: {
        ...administration(
          'The dashboard figures: mails queued, retrying and failed, and delivered today',
          '`queued`, `retrying` and `failed` count the mails in that state; `delivered_today` those delivered since 00:00 of `today` in ' +
            '`time_zone` (Europe/Berlin). Cancelled mails count nowhere.',
        ),
        response: { 200: MailStatistics, ...problems(401, 403) },
      },
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
        ...administration(
          'The mail log: every mail in any state, searched, filtered, sorted and paged',
          'Mails queued, retrying, delivered, failed or cancelled, in the paged dialect: sort_by `requested_time` (the default, newest ' +
            'first), `state`, `sender` or `subject`, ties by reference uid. `query` (trimmed, case-insensitive): a whole address (with a ' +
            'dotted domain, bare or in angle brackets) matches the mails that have exactly that address as sender, to or cc recipient, or as ' +
            'Message-ID, so a Message-ID pasted whole finds its mail; it does not find the address inside a longer one or in a subject (type ' +
            'part of it for that). Anything else is a substring of the sender, any recipient, the subject or the Message-ID (`%` and `_` ' +
            'literal). `filters` is {"state": [...], "requested": {"from", "to"}} (an empty state list filters nothing); anything else is ' +
            '400 `/problems/invalid-filters`. Totals above 1000 are lower bounds unless exact_total=true; the whole log\'s total is always exact.',
        ),
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
      schema: {
        ...administration(
          'A mail with its body, every delivery attempt and its resend links',
          '`{uid}` is the reference uid; 404 `/problems/mail-not-found` when no mail has it. Each attempt names the provider as it was, the ' +
            'outcome, the final SMTP reply and each recipient\'s verdict; `cancelled` says when and by whom; `resent_from` and `resent_as` link resends.',
        ),
        params: UidParams,
        response: { 200: MailLogDetail, ...problems(400, 401, 404) },
      },
    },
    async (request) => mailDetail(db, request.params.uid.toLowerCase()),
  );
  app.post(
    '/administration/mails/:uid/resend/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Queue a new mail with the same content, linked to this one',
          'Works in any state of the original, which stays as it is and lists the new mail in `resent_as`. Answers 201 with the new mail; ' +
            '404 `/problems/mail-not-found` when unknown. Audited as `mail.resend` (`resent_as`), its target the original.',
        ),
        params: UidParams,
        response: { 201: MailLogDetail, ...problems(400, 401, 404) },
      },
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
        ...administration(
          'Cancel a queued or retrying mail that is not being delivered right now',
          'The mail becomes cancelled, with the time and the canceller\'s username, and no worker claims it. 409 `/problems/not-cancellable` ' +
            'for a mail in any other state or under a live lease (being delivered right now: the provider may already have it); a lease that ' +
            'ran out does not protect it. 404 `/problems/mail-not-found` when unknown. Audited as `mail.cancel`.',
        ),
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
