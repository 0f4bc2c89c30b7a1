import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider, { type AccountClaims } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the service tests: oidc-provider (the reference implementation) with its in-memory adapter, on
 * 127.0.0.1 and a port of its own. Its accounts are the test's to set: their claims, and whether `groups` is in the ID token or only
 * at the userinfo endpoint; an account removed from `accounts` is refused at its next refresh (`invalid_grant`). Its login needs no
 * form: a browser that opens `/interaction/<uid>?account=<sub>&amr=pwd,mfa` is signed in as that account, with that `amr`. With
 * `interactiveLogin` (the browser tests) the login is oidc-provider's own development page instead: a form whose login field names the
 * account (any password). Given a back-channel logout URI, its logout (`/session/end`) posts Caredesk its own logout token, with the
 * session's `sid`.
 */

export const CALLBACK = 'http://localhost:8080/api/auth/oidc/callback/';
export const CLIENT = { id: 'caredesk', secret: 'caredesk-secret' };
/** A second client of the same provider with the same redirect URI: its codes are not Caredesk's. */
export const OTHER_CLIENT = { id: 'other-client', secret: 'other-secret' };

const SCOPES = 'openid profile email offline_access';
/** The `kid` of the provider's one signing key. */
export const KEY_ID = 'test-key';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  groups?: string[];
  /** Where `groups` is given: in the ID token (Entra ID, Keycloak) or only at userinfo. */
  groupsAt?: 'id_token' | 'userinfo';
}

export interface TestProviderOptions {
  /** A free one when 0. */
  port?: number;
  /** Caredesk's back-channel logout URI, registered on its client. */
  backchannelLogoutUri?: string;
  /** Where the clients may be sent back to (default: the service tests' PANEL_URL's callback). */
  redirectUris?: string[];
  /** oidc-provider's own login page (its development interactions) instead of the query's account. */
  interactiveLogin?: boolean;
}

export interface TestProvider {
  issuer: string;
  port: number;
  accounts: Map<string, TestAccount>;
  /** How the token endpoint answers: as a provider does, with 503, or never (the request waits until the client gives up). */
  tokenEndpoint: 'answer' | 'fail' | 'hang';
  /** Failed back-channel logout requests, as the provider saw them. */
  backchannelErrors: Error[];
  /** A JWT signed with the provider's key, as its ID and logout tokens are (for tokens its own logout would not send). */
  sign(claims: JWTPayload, type?: string): Promise<string>;
  stop(): Promise<void>;
}

function claimsOf(sub: string, account: TestAccount, use: 'id_token' | 'userinfo'): AccountClaims {
  const { groups, groupsAt = 'id_token', ...claims } = account;
  const withGroups = groups !== undefined && (use === 'userinfo' || groupsAt === 'id_token');
  return { sub, ...claims, ...(withGroups ? { groups } : {}) };
}

export async function startTestProvider({
  port = 0,
  backchannelLogoutUri,
  redirectUris = [CALLBACK],
  interactiveLogin = false,
}: TestProviderOptions = {}): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  // the provider's issuer names the port, which is known once the server listens
  const server = createServer((request, response) => {
    if (request.url === '/token' && testProvider.tokenEndpoint !== 'answer') {
      // one that hangs leaves the request open until the client gives up or the provider stops
      if (testProvider.tokenEndpoint === 'fail') response.writeHead(503).end();
    } else if (!interactiveLogin && request.url?.startsWith('/interaction/'))
      void signIn(provider, accounts, request, response);
    else provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [CLIENT, OTHER_CLIENT].map(({ id, secret }) => ({
      client_id: id,
      client_secret: secret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      ...(backchannelLogoutUri && id === CLIENT.id
        ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: true }
        : {}),
    })),
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      // with openid: every ID token says how the account signed in, as Entra ID's and Keycloak's do
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'groups'],
    },
    // every claim of the scopes goes into the ID token too, so that an account decides where its groups are
    conformIdTokenClaims: false,
    cookies: { keys: ['test-provider-cookie-key'] },
    features: {
      devInteractions: { enabled: interactiveLogin },
      backchannelLogout: { enabled: true },
      // a client's (or user's) withdrawal of the grant
      revocation: { enabled: true },
    },
    // the provider refuses to post to loopback addresses (its protection against SSRF); Caredesk's test server is one
    fetch: (url, { dispatcher: _protected, ...options }) => fetch(url, options),
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return Promise.resolve(
        account && {
          accountId: sub,
          claims: (use: 'id_token' | 'userinfo') => claimsOf(sub, accounts.get(sub) ?? account, use),
        },
      );
    },
    // as Keycloak and Entra ID do: offline_access without prompt=consent (which oidc-provider, strict to the letter, would drop)
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    ...(interactiveLogin ? {} : { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: KEY_ID }] },
    // a first-party client: its grant of every scope needs no consent page
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  });
  const testProvider: TestProvider = {
    issuer,
    port: (server.address() as AddressInfo).port,
    accounts,
    tokenEndpoint: 'answer',
    backchannelErrors: [],
    sign: (claims, type = 'logout+jwt') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: type }).sign(privateKey),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  provider.on('backchannel.error', (_ctx, error) => testProvider.backchannelErrors.push(error));
  return testProvider;
}

/** The login interaction: the account and `amr` the browser names in the query. */
async function signIn(
  provider: Provider,
  accounts: Map<string, TestAccount>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  try {
    const query = new URL(request.url!, 'http://provider').searchParams;
    const account = query.get('account') ?? '';
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name !== 'login' || !accounts.has(account)) {
      response.writeHead(400).end(`cannot finish the ${details.prompt.name} prompt as ${account}`);
      return;
    }
    const amr = (query.get('amr') ?? 'pwd').split(',');
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account, amr } },
      {
        mergeWithLastSubmission: false,
      },
    );
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}
