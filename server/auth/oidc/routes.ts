import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcConfig } from '../../config';
import type { ServiceApp } from '../../shared/service';
import { NoQuery, problems } from '../../../contracts/common';
import { TokenPair } from '../../../contracts/auth';
import {
  CallbackQuery,
  PROVIDER_REFUSAL_PARAMETER,
  PROVIDER_SIGN_IN_CONTINUES,
  ProviderInfo,
  StartQuery,
  type ProviderRefusal,
} from '../../../contracts/oidc';
import { TAGS } from '../route-parts';
import type { Client } from '../sign-in';
import { accountOf, type AccountSettings } from './accounts';
import { backchannelLogoutRoute } from './logout-route';
import type { ProviderConnection } from './connection';
import { clearCookie, cookieOf, FLOW_COOKIE, HANDOFF_COOKIE, setCookie } from './cookies';
import { finishFlow, FLOW_SECONDS, startFlow } from './flow';
import { HANDOFF_SECONDS, issueHandoff, takeOverSignIn, type ProviderSignInContext } from './handoff';
import { auditRefusal, ProviderSignInRefused } from './refusals';

/** The routes of the sign-in at the OpenID Connect provider (docs/api.md, Sign-in through the provider). */

export interface OidcRoutesOptions {
  /** Absent without OIDC_ISSUER: the routes then say that no provider is configured. */
  provider?: { settings: OidcConfig; connection: ProviderConnection };
  /** PANEL_URL without its trailing slash: the redirect URI and the login page are under it. */
  panelUrl: string;
  keys: { flow: Buffer; refreshToken: Buffer };
  accounts: Omit<AccountSettings, 'createUsers'>;
  /** The clock of the provider's word on its sessions. */
  now: () => number;
}

const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

const publicRoute = (summary: string, description: string) => ({ tags: TAGS, summary, description });

export function oidcRoutes(app: ServiceApp, context: ProviderSignInContext, options: OidcRoutesOptions) {
  const { db } = context;
  const { provider, panelUrl, keys } = options;
  const redirectUri = `${panelUrl}/api/auth/oidc/callback/`;
  const loginPage = `${panelUrl}/login`;
  const secure = redirectUri.startsWith('https:');
  const routePath = (route: string) => new URL(`${panelUrl}/api/auth/oidc/${route}/`).pathname;
  const flowCookie = { path: routePath('callback'), sameSite: 'Lax', secure } as const;
  const handoffCookie = { path: routePath('session'), sameSite: 'Strict', secure } as const;

  /** Browsers are sent on with 303 (a GET), and nothing of the sign-in is kept in a cache. */
  const sendTo = (reply: FastifyReply, location: string) =>
    reply.header('cache-control', 'no-store').redirect(location, 303);
  const refuse = (reply: FastifyReply, refusal: ProviderRefusal) =>
    sendTo(reply, `${loginPage}?${new URLSearchParams({ [PROVIDER_REFUSAL_PARAMETER]: refusal }).toString()}`);

  app.get(
    '/oidc/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'The OpenID Connect provider, as the login page shows it',
          'Whether staff may sign in at a provider, the words of its button, and whether it can be reached now. While it cannot, ' +
            'asking again tries its discovery again (at most every 30 seconds).',
        ),
        querystring: NoQuery,
        response: { 200: ProviderInfo, ...problems(400) },
      },
    },
    async () => {
      if (!provider) return { enabled: false, name: null, reachable: false };
      const reachable = (await provider.connection.configuration()) !== undefined;
      return { enabled: true, name: provider.settings.name, reachable };
    },
  );

  app.get(
    '/oidc/start/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'Sign in at the OpenID Connect provider: open in the browser',
          `303 to the provider's authorization endpoint (authorization code with PKCE, state and nonce), with a cookie that lets only ` +
            `this browser finish the sign-in within ${FLOW_SECONDS / 60} minutes; or 303 to the login page with \`oidc_error\` ` +
            '(`not-configured`, `unreachable`). With `reauthenticate=true` the provider is asked to authenticate the user again ' +
            '(`prompt=login`, `max_age=0`) and the callback refuses (`invalid-response`) an ID token whose `auth_time` is before ' +
            'this start: the session it begins counts as a recent authentication, for the actions that need one.',
        ),
        querystring: StartQuery,
        response: problems(400),
      },
    },
    async (request, reply) => {
      if (!provider) return refuse(reply, 'not-configured');
      const configuration = await provider.connection.configuration();
      if (!configuration) return refuse(reply, 'unreachable');
      const { token, authorizationUrl } = await startFlow(
        db,
        keys.flow,
        configuration,
        provider.settings,
        redirectUri,
        {
          reauthenticate: request.query.reauthenticate,
        },
      );
      reply.header('set-cookie', setCookie(FLOW_COOKIE, token, { ...flowCookie, maxAgeSeconds: FLOW_SECONDS }));
      return sendTo(reply, authorizationUrl.href);
    },
  );

  app.get(
    '/oidc/callback/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          "The provider's redirect URI: `{PANEL_URL}/api/auth/oidc/callback/`",
          "Finishes the sign-in the browser's cookie started: the code is exchanged and the ID token checked (signature, issuer, " +
            'audience, nonce, expiry), the user found by the link, linked or created, and their roles taken from the claims. 303 ' +
            `to the login page with \`oidc=continue\` and a hand-over cookie for POST /oidc/session/ (${HANDOFF_SECONDS / 60} ` +
            'minutes), or with `oidc_error` saying why not; every refusal is audited as `sign-in.failure` with `method: oidc`. ' +
            'Parameters it does not know are ignored, as OAuth 2.0 requires (providers add their own); 400 only for one of its own ' +
            'given twice.',
        ),
        querystring: CallbackQuery,
        response: problems(400),
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', clearCookie(FLOW_COOKIE, flowCookie));
      try {
        if (!provider) throw new ProviderSignInRefused('not-configured', 'no provider is configured');
        const configuration = await provider.connection.configuration();
        if (!configuration) throw new ProviderSignInRefused('unreachable', 'the provider cannot be reached');
        const url = new URL(redirectUri);
        url.search = new URL(request.url, 'http://callback').search;
        const token = cookieOf(request.headers.cookie, FLOW_COOKIE);
        const { identity, refreshToken, providerSid } = await finishFlow(
          db,
          keys.flow,
          configuration,
          provider.settings,
          { token, url },
        );
        const accountSettings = { ...options.accounts, createUsers: provider.settings.createUsers };
        const user = await accountOf(db, context.changes, accountSettings, identity, request.ip);
        const handoff = await issueHandoff(db, keys.refreshToken, clientOf(request), {
          user,
          secondFactorByProvider: identity.multiFactor,
          refreshToken,
          providerSid,
          checkedAt: new Date(options.now()),
        });
        reply.header('set-cookie', [
          clearCookie(FLOW_COOKIE, flowCookie),
          setCookie(HANDOFF_COOKIE, handoff, { ...handoffCookie, maxAgeSeconds: HANDOFF_SECONDS }),
        ]);
        return sendTo(reply, `${loginPage}?${new URLSearchParams(PROVIDER_SIGN_IN_CONTINUES).toString()}`);
      } catch (error) {
        const refused =
          error instanceof ProviderSignInRefused
            ? error
            : new ProviderSignInRefused('failed', error instanceof Error ? error.message : String(error));
        if (refused.refusal === 'failed')
          request.log.error({ err: error }, 'sign-in at the OpenID Connect provider failed');
        else request.log.info({ refusal: refused.refusal, detail: refused.message }, 'sign-in at the provider refused');
        await auditRefusal(db, refused, request.ip);
        return refuse(reply, refused.refusal);
      }
    },
  );

  backchannelLogoutRoute(app, context, { provider, now: options.now });

  app.post(
    '/oidc/session/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'Sign in: take over the sign-in at the provider',
          'Once, with the hand-over cookie the callback set, from the same client address: answers what POST /token/ answers (the ' +
            'pair and a `device_token`), or 401 `/problems/second-factor-required` when the user has a second factor and the ' +
            "provider's `amr` names none (continue at POST /token/second-factor/). 401 `/problems/invalid-provider-handoff` for a " +
            'hand-over that is missing, used, expired or of another address. Audited as `sign-in.success` with `method: oidc`.',
        ),
        querystring: NoQuery,
        response: { 200: TokenPair, ...problems(401) },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', clearCookie(HANDOFF_COOKIE, handoffCookie)).header('cache-control', 'no-store');
      return takeOverSignIn(context, cookieOf(request.headers.cookie, HANDOFF_COOKIE), clientOf(request));
    },
  );
}
