import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import type { ServiceApp } from '../shared/service';
import {
  checkCredentialsShape,
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  updateAccount,
} from './accounts';
import type { PasswordCipher } from './credentials';
import { createProvider, deleteProvider, getProvider, providersLister, updateProvider } from './providers';
import { Account, AccountInput, Provider, ProviderInput, UidParams } from '../../contracts/mail';
import { administration } from './route-docs';

/** The mail set-up: SMTP providers and sender accounts. */
export function setupRoutes(app: ServiceApp, { db, cipher }: { db: Db; cipher: PasswordCipher }) {
  const listProviders = providersLister(db);
  app.get(
    '/administration/providers/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration('List SMTP providers', 'Every provider, enabled or disabled.'),
        response: { 200: Type.Array(Provider), ...problems(401) },
      },
    },
    async () => listProviders(),
  );
  app.post(
    '/administration/providers/',
    {
      config: { permission: 'mail:manage', idempotent: true },
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
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => createProvider(keyed, request.body, auditContextOf(request)),
        answer: (provider) => ({ status: 201, body: provider }),
      }),
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
      config: { permission: 'mail:manage', idempotent: true },
      preValidation: checkCredentialsShape,
      schema: {
        ...administration(
          'Add a sender account',
          '`expression` is an RE2 regular expression searched for anywhere in the sender, case-sensitive (`info` matches x.info@a.de); `^` ' +
            'and `$` anchor it to the whole address, `(?i)` makes it case-insensitive. It runs in time linear in the sender whatever the ' +
            'pattern; JavaScript spellings (`\\u0041`, `(?<name>…)`, `\\/`) are translated. A backreference, lookahead or lookbehind, or an ' +
            "expression that does not parse, is 400 `/problems/invalid-expression` naming `expression`, with RE2's `reason` (and `at`, the " +
            'part at fault, when RE2 names one). `provider` is `{uid}` or the provider as read (its `name`, `host` and `disabled` must be the ' +
            "provider's own, else 400 `/problems/read-only-field`); an unknown provider is 400 `/problems/unknown-provider`. `credentials` " +
            'need the password, or are null. The service assigns the uid. Answers 201. Audited as `mail-account.create`.',
        ),
        body: AccountInput,
        response: { 201: Account, ...problems(400, 401) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => createAccount(keyed, cipher, request.body, auditContextOf(request)),
        answer: (account) => ({ status: 201, body: account }),
      }),
  );
  app.get(
    '/administration/accounts/:uid/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration(
          'Read a sender account',
          '404 `/problems/account-not-found` when no account has the uid. A stored password is never returned.',
        ),
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
            "or false keeps the stored credentials whatever `credentials` says (so the GET's `{username}` can be sent back); true replaces " +
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
}
