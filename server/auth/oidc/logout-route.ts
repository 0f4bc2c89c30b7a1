import { Type } from '@sinclair/typebox';
import type { OidcConfig } from '../../config';
import { recordFailure, secondsBlocked, type ThrottleRule } from '../../authentication/throttle';
import { HttpProblem, problemType } from '../../shared/problem';
import { synchronousPlugin, type ServiceApp } from '../../shared/service';
import { NoQuery, problems } from '../../../contracts/common';
import { BackchannelLogoutBody } from '../../../contracts/oidc';
import { routeDocs } from '../../shared/route-docs';
import { TAGS } from '../route-parts';
import { signInThrottled } from '../sign-in-throttle';
import {
  endLoggedOutSessions,
  InvalidLogoutToken,
  LogoutTokenUncheckable,
  logoutTokenVerifier,
} from './backchannel-logout';
import type { ProviderConnection } from './connection';
import type { SignInContext } from '../sign-in';

const publicRoute = routeDocs(TAGS, { auth: 'public' });

/** The provider's back-channel logout URI (OpenID Connect Back-Channel Logout 1.0), in a scope of its own that reads forms. */
export function backchannelLogoutRoute(
  app: ServiceApp,
  context: SignInContext,
  { provider, now }: { provider?: { settings: OidcConfig; connection: ProviderConnection }; now: () => number },
) {
  const { db, settings } = context;
  const verifyLogoutToken = provider && logoutTokenVerifier(provider.settings, now);
  const { throttle } = settings;
  const logoutRule = (address: string): ThrottleRule => ({
    key: `oidc-logout:${address}`,
    maxFailures: throttle.addressMaxFailures,
    resetSeconds: throttle.windowSeconds,
  });

  // the provider posts a form: only this route reads one
  app.register(
    synchronousPlugin((scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: LOGOUT_BODY_LIMIT },
        (_request, body, done) => done(null, formFieldsOf(body as string)),
      );
      scope.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      scope.post(
        '/oidc/backchannel-logout/',
        {
          config: { auth: 'public' },
          schema: {
            ...publicRoute(
              "The provider's back-channel logout URI: `{PANEL_URL}/api/auth/oidc/backchannel-logout/`",
              'OpenID Connect Back-Channel Logout 1.0: the provider posts a `logout_token` (`application/x-www-form-urlencoded`) ' +
                "when a session there ends. The token is checked (signature by the provider's keys, issuer, audience = the client " +
                'ID, `iat` at most 5 minutes old, `exp` when given, the back-channel logout event, `sub` or `sid`, no `nonce`, its ' +
                '`jti` once), and the sessions that came from that provider session (`sid`) or account (`sub`) end at once, each ' +
                'audited as `session.provider-end` with `reason: back-channel-logout`. 200 with an empty body; 400 ' +
                "`/problems/validation-error` with `error: invalid_request` and `error_description` (the specification's error " +
                "body) for a token that fails a check; 503 while the provider's keys cannot be read. Refused tokens count per " +
                'client address as failed sign-ins do: 429 `/problems/rate-limited` with Retry-After when there were too many.',
            ),
            querystring: NoQuery,
            body: BackchannelLogoutBody,
            response: {
              200: Type.String({ maxLength: 0, description: 'an empty body' }),
              ...problems(400, 415, 429, 503),
            },
          },
        },
        async (request, reply) => {
          const rule = logoutRule(request.ip);
          const throttled = signInThrottled(throttle);
          const wait = throttled ? await secondsBlocked(db, rule.key) : 0;
          if (wait > 0) throw tooManyRefusedLogouts(wait);
          if (!provider || !verifyLogoutToken) throw invalidLogoutToken('No provider is configured.');
          const configuration = await provider.connection.configuration();
          if (!configuration) throw keysUnreadable('the provider cannot be reached');
          try {
            const named = await verifyLogoutToken(db, configuration, request.body.logout_token);
            const ended = await endLoggedOutSessions(db, context.changes, provider.settings.issuer, named, request.ip);
            request.log.info({ ended }, 'back-channel logout from the provider');
            return await reply.code(200).send('');
          } catch (error) {
            if (error instanceof LogoutTokenUncheckable) throw keysUnreadable(error.message);
            if (!(error instanceof InvalidLogoutToken)) throw error;
            if (throttled) await recordFailure(db, rule);
            request.log.warn({ detail: error.message }, 'a back-channel logout token was refused');
            throw invalidLogoutToken(`The logout token is refused: ${error.message}.`);
          }
        },
      );
    }),
  );
}

/** Logout tokens are a few kilobytes. */
const LOGOUT_BODY_LIMIT = 64 * 1024;

/** A form's fields; a field given twice is a list, which the body's schema refuses. */
function formFieldsOf(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const known = fields.get(name);
    fields.set(name, known === undefined ? value : [known, value].flat());
  }
  return Object.fromEntries(fields);
}

/** 400 as the specification words it (`error`, `error_description`), in a problem body like every other refusal. */
const invalidLogoutToken = (detail: string) =>
  new HttpProblem(400, 'Bad Request', detail, {
    type: problemType('validation-error'),
    field: 'logout_token',
    error: 'invalid_request',
    error_description: detail,
  });

const keysUnreadable = (why: string) =>
  new HttpProblem(503, 'Service Unavailable', `The logout token cannot be checked now: ${why}.`, {
    type: problemType('http-error'),
  });

const tooManyRefusedLogouts = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'Too Many Requests',
    `Too many refused logout tokens from this address. Try again in ${retryAfterSeconds} seconds.`,
    { type: problemType('rate-limited'), headers: { 'retry-after': String(retryAfterSeconds) } },
  );
