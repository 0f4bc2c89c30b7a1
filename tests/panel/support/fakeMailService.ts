import type { Static } from '@sinclair/typebox';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ProblemResponse } from '../../../contracts/common';
import type {
  AccountInputBody,
  AccountOutput,
  DeliveredOutput,
  FailedOutput,
  MailInput,
  MailLogDetailOutput,
  MailOutput,
  ProviderInputBody,
  ProviderOutput,
  QueueEntryOutput,
  Requeued,
  RetriedNow,
  RetryingOutput,
  Sent,
  UidsBody,
} from '../../../contracts/mail';
import type { ProblemSlug } from '../../../contracts/problem-types';
import { type FakeAuthService, ORIGIN, problem } from './fakeAuthService';
import { type CancelledEntry, mailLogHandlers, type Route } from './fakeMailLog';

/** An in-memory stand-in for the mail service's HTTP routes (server/mail/routes.ts), with a record of every request. */
const MAIL_URL = `${ORIGIN}/api/mail`;

export const PROVIDER_UID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const PROVIDER2_UID = 'aaaaaaaa-0000-4000-8000-000000000002';
export const ACCOUNT_UID = 'bbbbbbbb-0000-4000-8000-000000000001';
export const PLAIN_ACCOUNT_UID = 'bbbbbbbb-0000-4000-8000-000000000002';

/** An account as the service keeps it: its provider by uid, its credentials with the password. */
interface StoredAccount {
  uid: string;
  expression: string;
  providerUid: string;
  credentials: AccountInputBody['credentials'];
  disabled: boolean;
}

const mail = (sender: string, to: string[], subject: string): MailOutput => ({
  sender,
  to,
  cc: [],
  subject,
  message: 'Hello',
});
const T0 = 1_790_000_000; // 2026-09-21

export function createFakeMailService(auth: () => FakeAuthService, base = MAIL_URL) {
  const providers = new Map<string, ProviderOutput>([
    [
      PROVIDER_UID,
      {
        uid: PROVIDER_UID,
        name: 'Mailjet Relay',
        host: 'smtp.mailjet.example',
        port: 587,
        security: 'starttls',
        disabled: false,
      },
    ],
    [
      PROVIDER2_UID,
      { uid: PROVIDER2_UID, name: 'Local Relay', host: 'relay.local', port: 25, security: 'none', disabled: false },
    ],
  ]);
  const accounts: StoredAccount[] = [
    {
      uid: ACCOUNT_UID,
      expression: '^noreply@caredesk\\.example$',
      providerUid: PROVIDER_UID,
      credentials: { username: 'mailer', password: 'secret' },
      disabled: false,
    },
    {
      uid: PLAIN_ACCOUNT_UID,
      expression: '.*@intern\\.example$',
      providerUid: PROVIDER2_UID,
      credentials: null,
      disabled: false,
    },
  ];
  const queue: QueueEntryOutput[] = [
    {
      reference_uid: 'q-1',
      mail: mail('noreply@caredesk.example', ['anna@example.org', 'ben@example.org', 'cleo@example.org'], 'Shift plan'),
      requested_time: T0,
      attempt: 0,
    },
  ];
  const delivered: DeliveredOutput[] = [
    {
      reference_uid: 'd-1',
      mail: mail('noreply@caredesk.example', ['dora@example.org'], 'Welcome'),
      requested_time: T0 - 60,
      delivered: T0 - 30,
      refused: [],
    },
    {
      reference_uid: 'd-2',
      mail: mail('noreply@caredesk.example', ['emil@example.org', 'fred@example.org'], 'Invoice'),
      requested_time: T0 - 120,
      delivered: T0 - 90,
      refused: [{ address: 'fred@example.org', reply: '550 5.1.1 Mailbox unavailable' }],
    },
  ];
  const retrying: RetryingOutput[] = [
    {
      reference_uid: 'r-1',
      mail: mail('noreply@caredesk.example', ['gina@example.org'], 'Reminder'),
      requested_time: T0,
      attempt: 2,
      error_message: '421 Service not available',
      next_attempt: T0 + 3600,
    },
  ];
  const failed: FailedOutput[] = [
    {
      reference_uid: 'f-1',
      mail: mail('noreply@caredesk.example', ['hans@example.org'], 'Contract'),
      requested_time: T0,
      error_message: '550 No such user',
      attempts: 5,
    },
    {
      reference_uid: 'f-2',
      mail: mail('noreply@caredesk.example', ['ida@example.org', 'jo@example.org'], 'Offer'),
      requested_time: T0 - 10,
      error_message: '550 Rejected',
      attempts: 5,
    },
    {
      reference_uid: 'f-3',
      mail: mail('noreply@caredesk.example', ['kai@example.org'], 'Survey'),
      requested_time: T0 - 20,
      error_message: '552 Too big',
      attempts: 5,
    },
  ];
  const state = {
    providers,
    accounts,
    queue,
    delivered,
    retrying,
    failed,
    /** Cancelled mails (only in the mail log). */
    cancelled: [] as CancelledEntry[],
    /** A mail's attempts, links and other detail fields beyond its list entry, by reference uid. */
    details: new Map<string, Partial<MailLogDetailOutput>>(),
    requests: [] as { method: string; path: string; body: unknown; query?: URLSearchParams }[],
    /** Status of a forced failure of list loads (0: none). */
    failLists: 0,
    failRequeue: false,
    failRetryNow: false,
    sent: [] as MailInput[],
  };
  let counter = 0;

  const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

  const authorized = (request: Request) => {
    const header = request.headers.get('authorization') ?? '';
    const access = auth().state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '');
    return !!access && access.expires > auth().state.now();
  };

  /** Records the request, answers 401 without a valid access token, and hands on the JSON body as the route declares it. */
  const route: Route =
    <Body>(handler: (request: Request, params: Record<string, string>, body: Body) => Response | Promise<Response>) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const url = new URL(request.url);
      let body: unknown = null;
      if (request.method !== 'GET') {
        const text = await request.text();
        body = text ? JSON.parse(text) : null;
      }
      state.requests.push({
        method: request.method,
        path: url.pathname.slice(new URL(base).pathname.length),
        body,
        query: url.searchParams,
      });
      if (!authorized(request)) return problem(401, 'Unauthorized', 'Invalid or expired access token.');
      return handler(request, params as Record<string, string>, body as Body);
    };

  const accountJson = (account: StoredAccount): AccountOutput => {
    const provider = providers.get(account.providerUid)!;
    return {
      uid: account.uid,
      expression: account.expression,
      provider: { uid: provider.uid, name: provider.name, host: provider.host, disabled: provider.disabled },
      credentials: account.credentials ? { username: account.credentials.username } : null,
      disabled: account.disabled,
    };
  };

  /** A problem with extension members, as the service sends for invalid expressions and providers in use. */
  const problemWith = (
    status: number,
    title: string,
    detail: string,
    slug: ProblemSlug,
    extensions: Record<string, unknown>,
  ) =>
    HttpResponse.json({ type: `/problems/${slug}`, title, status, detail, ...extensions } satisfies ProblemResponse, {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });

  /** What the service says about the expressions the tests use (RE2's verdicts, by what JavaScript cannot parse). */
  const expressionProblem = (expression: string): Response | null => {
    try {
      new RegExp(expression);
      return null;
    } catch {
      const unclosedClass = /\[[^\]]*$/.test(expression);
      const [reason, at, words] = unclosedClass
        ? ['unclosed-class', '[', 'a [ is never closed by ]']
        : ['unclosed-group', expression, 'a ( is never closed by )'];
      return problemWith(
        400,
        'Bad Request',
        `expression is not a valid regular expression: ${words} (at ${at}). RE2 says: …`,
        'invalid-expression',
        { field: 'expression', reason, at },
      );
    }
  };

  const providerProblem = (body: ProviderInputBody): Response | null => {
    if (typeof body.name !== 'string' || body.name.length < 4)
      return problem(400, 'Bad Request', 'The name needs at least 4 characters.', 'name');
    if (!Number.isInteger(body.port) || body.port < 1 || body.port > 65535)
      return problem(400, 'Bad Request', 'The port must be between 1 and 65535.', 'port');
    return null;
  };

  const applyAccount = (account: StoredAccount, body: AccountInputBody, isCreate: boolean): Response | null => {
    const invalid = expressionProblem(body.expression);
    if (invalid) return invalid;
    if (!providers.has(body.provider?.uid))
      return problem(400, 'Bad Request', 'Unknown provider.', 'provider', {}, '/problems/unknown-provider');
    account.expression = body.expression;
    account.providerUid = body.provider.uid;
    if (typeof body.disabled === 'boolean') account.disabled = body.disabled;
    if (isCreate || body.credentials_changed) account.credentials = body.credentials;
    return null;
  };

  const list = (items: () => JsonBodyType) =>
    route(() =>
      state.failLists ? problem(state.failLists, 'Server Error', 'The list cannot be loaded.') : json(items()),
    );

  const handlers = [
    ...mailLogHandlers(state, route, base, () => T0 + 600),
    http.get(
      `${base}/administration/providers/`,
      list(() => [...providers.values()]),
    ),
    http.post(
      `${base}/administration/providers/`,
      route<ProviderInputBody>((_request, _params, body) => {
        const failure = providerProblem(body);
        if (failure) return failure;
        counter += 1;
        const created: ProviderOutput = {
          disabled: false,
          ...body,
          uid: `aaaaaaaa-1111-4000-8000-${String(counter).padStart(12, '0')}`,
        };
        providers.set(created.uid, created);
        return json(created, 201);
      }),
    ),
    http.get(
      `${base}/administration/providers/:uid/`,
      route((_request, params) => {
        const found = providers.get(params.uid);
        return found ? json(found) : problem(404, 'Not Found', 'No such provider.');
      }),
    ),
    http.put(
      `${base}/administration/providers/:uid/`,
      route<ProviderInputBody>((_request, params, body) => {
        const found = providers.get(params.uid);
        if (!found) return problem(404, 'Not Found', 'No such provider.');
        const failure = providerProblem(body);
        if (failure) return failure;
        Object.assign(found, body);
        return json(found);
      }),
    ),
    http.delete(
      `${base}/administration/providers/:uid/`,
      route((_request, params) => {
        if (!providers.has(params.uid))
          return problem(404, 'Not Found', 'No such provider.', 'uid', {}, '/problems/provider-not-found');
        const users = accounts.filter((account) => account.providerUid === params.uid).length;
        if (users > 0) {
          const detail = `The provider cannot be deleted: ${users === 1 ? '1 account uses' : `${users} accounts use`} it. Delete those accounts or give them another provider first.`;
          return problemWith(409, 'Conflict', detail, 'provider-in-use', { accounts: users });
        }
        providers.delete(params.uid);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.delete(
      `${base}/administration/accounts/:uid/`,
      route((_request, params) => {
        const index = accounts.findIndex((account) => account.uid === params.uid);
        if (index < 0) return problem(404, 'Not Found', 'No such account.', 'uid', {}, '/problems/account-not-found');
        accounts.splice(index, 1);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      `${base}/administration/accounts/`,
      list(() => accounts.map(accountJson)),
    ),
    http.post(
      `${base}/administration/accounts/`,
      route<AccountInputBody>((_request, _params, body) => {
        counter += 1;
        const account: StoredAccount = {
          uid: `bbbbbbbb-1111-4000-8000-${String(counter).padStart(12, '0')}`,
          expression: '',
          providerUid: '',
          credentials: null,
          disabled: false,
        };
        const failure = applyAccount(account, body, true);
        if (failure) return failure;
        accounts.push(account);
        return json(accountJson(account), 201);
      }),
    ),
    http.get(
      `${base}/administration/accounts/:uid/`,
      route((_request, params) => {
        const found = accounts.find((account) => account.uid === params.uid);
        return found ? json(accountJson(found)) : problem(404, 'Not Found', 'No such account.');
      }),
    ),
    http.put(
      `${base}/administration/accounts/:uid/`,
      route<AccountInputBody>((_request, params, body) => {
        const found = accounts.find((account) => account.uid === params.uid);
        if (!found) return problem(404, 'Not Found', 'No such account.');
        const failure = applyAccount(found, body, false);
        return failure ?? json(accountJson(found));
      }),
    ),
    http.get(
      `${base}/administration/queue/`,
      list(() => state.queue),
    ),
    http.get(
      `${base}/administration/queue/delivered/`,
      list(() => state.delivered),
    ),
    http.get(
      `${base}/administration/queue/failed-temporarily/`,
      list(() => state.retrying),
    ),
    http.get(
      `${base}/administration/queue/failed-permanently/`,
      list(() => state.failed),
    ),
    http.post(
      `${base}/administration/queue/failed-permanently/requeue/`,
      route<Static<typeof UidsBody> | null>((_request, _params, body) => {
        const uids = body?.uids ?? [];
        if (state.failRequeue || uids.some((uid) => !state.failed.some((item) => item.reference_uid === uid))) {
          return problem(404, 'Not Found', 'Unknown or not permanently failed delivery.', 'uids');
        }
        state.failed = state.failed.filter((item) => !uids.includes(item.reference_uid));
        return json({ requeued: uids } satisfies Static<typeof Requeued>);
      }),
    ),
    http.post(
      `${base}/administration/queue/failed-temporarily/retry-now/`,
      route<Static<typeof UidsBody> | null>((_request, _params, body) => {
        const uids = body?.uids ?? [];
        if (state.failRetryNow) return problem(500, 'Internal Server Error', 'The database is not available.');
        const moved = state.retrying.filter((item) => uids.includes(item.reference_uid));
        for (const item of moved) item.next_attempt = T0 + 600;
        return json({ moved: moved.length } satisfies Static<typeof RetriedNow>);
      }),
    ),
    http.post(
      `${base}/send/`,
      route<MailInput | null>((_request, _params, body) => {
        if (!Array.isArray(body?.to) || body.to.length === 0)
          return problem(400, 'Bad Request', 'At least one recipient is required.', 'to');
        counter += 1;
        state.sent.push(body);
        return json(
          { reference_uid: `cccccccc-0000-4000-8000-${String(counter).padStart(12, '0')}` } satisfies Static<
            typeof Sent
          >,
          202,
        );
      }),
    ),
  ];

  const hits = (method: string, path: string) =>
    state.requests.filter((entry) => entry.method === method && entry.path === path);

  return { state, handlers, hits };
}

export type FakeMailService = ReturnType<typeof createFakeMailService>;
