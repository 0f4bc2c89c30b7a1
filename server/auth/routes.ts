import { auditContextOf } from '../shared/audit';
import { NoQuery, problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import { changeOwnPasswordAuthentication } from './administration';
import { parseAuthorization } from '../authentication/credentials';
import {
  Info,
  InfoQuery,
  OwnPasswordAuthentication,
  OwnPasswordAuthenticationBody,
  TokenPair,
  UserStatistics,
} from '../../contracts/auth';
import { signInWithPassword, type PasswordSignInContext } from './password-sign-in';
import { clientOf, exchangeRefreshToken } from './sign-in';
import { userStatistics } from './statistics';
import { findUsername } from './users';
import { findLinkOf, isFirstAdministrator } from './oidc/links';
import { passwordWithProvider, providerToSignInAt } from './oidc/password-refusal';
import { signedIn, TAGS, type AdministrationContext } from './route-parts';
import { ownSecondFactorState, requirementOf } from './second-factor-policy';

/** The auth service's own routes: sign-in and refresh, the signed-in user's own data, and the figures. */
export function authRoutes(app: ServiceApp, context: PasswordSignInContext & AdministrationContext) {
  const { db, changes } = context;
  app.post(
    '/token/',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Sign in, or exchange a refresh token',
        description:
          '`Authorization: Basic base64(username:password)` signs in (the username regardless of case) and starts a session: a refresh-token ' +
          'family that records the client address and user agent. `Authorization: Bearer <refresh_token>` exchanges a refresh token for a ' +
          'fresh pair; the presented one is consumed. 401 `/problems/invalid-credentials`: a wrong username or password, or a banned user. ' +
          '401 `/problems/invalid-refresh-token`: a refresh token that is unknown, expired, revoked or of an ended session. ' +
          '401 `/problems/refresh-token-reused`: one already used, which revokes its whole family. A session that came from the OpenID ' +
          'Connect provider is refreshed there first: refused there (`invalid_grant`) or without word from it for 15 minutes, it ends ' +
          '(401 `/problems/invalid-refresh-token`, audited as `session.provider-end`); roles that changed there apply from this refresh ' +
          '(docs/api.md, Sign-in through the provider). 429 `/problems/too-many-sign-in-failures` ' +
          'with Retry-After while sign-in is throttled (per username and address, per address, per username; docs/api.md, Sign-in throttling): ' +
          'such an attempt is not counted and its password not checked. A browser that sends the `device_token` of an earlier sign-in of the ' +
          "username as `X-Device-Token` is not slowed by the username's failures from elsewhere (docs/api.md, Device tokens). A user with a " +
          'second factor gets 401 `/problems/second-factor-required` with `second_factor_token`, `methods` and, where WebAuthn is enrolled, ' +
          '`webauthn_options`: continue at POST /token/second-factor/. A user whose roles require a second factor, who has none and whose grace ' +
          'period is over gets a session that may only enroll one. Every sign-in is audited (`sign-in.success` with its `method`, ' +
          '`sign-in.failure`, `sign-in.throttled`), and so is a reused refresh token (`refresh-token.reuse`).',
        security: [{ basic: [] }, { bearer: [] }],
        querystring: NoQuery,
        response: { 200: TokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const credentials = parseAuthorization(request.headers.authorization);
      const client = clientOf(request);
      if (credentials.scheme === 'bearer') return exchangeRefreshToken(context, credentials.token, client);
      return signInWithPassword(context, { username: credentials.username, password: credentials.password, ...client });
    },
  );

  app.get(
    '/info/',
    {
      config: { permission: 'signed-in', enrollment: true },
      schema: {
        ...signedIn(
          'The signed-in user',
          "`permissions` are the caller's effective permissions, in the order of the permission list. With `extended=true` also " +
            '`authentication.username`, the username of the password authentication (null when there is none), and ' +
            '`authentication.provider`, the name of the OpenID Connect provider the user is linked to and signs in at (null for a ' +
            'password sign-in), and `authentication.password_refused`, true when the user is linked and not the first administrator: ' +
            'their password sign-in, re-authentication and own password are refused (`/problems/sign-in-with-provider`). `second_factor` says ' +
            'whether the user has one, whether their roles require one, until when they may sign in without it, and whether this session ' +
            'may only enroll one. Any signed-in user may call it, also in a session that may only enroll.',
        ),
        querystring: InfoQuery,
        response: { 200: Info, ...problems(400, 401) },
      },
    },
    // not async: the panel's most frequent call answers from the authentication cache without a promise, unless extended
    (request) => {
      const { uid, publicName, roles, permissions, enrollmentOnly } = request.user;
      const requirement = requirementOf(request.user.secondFactor, context.settings.secondFactorGraceDays);
      const info = {
        uid,
        public_name: publicName,
        roles,
        permissions,
        second_factor: ownSecondFactorState(requirement, enrollmentOnly),
      };
      if (!request.query.extended) return info;
      return Promise.all([findUsername(db, uid), findLinkOf(db, context.provider, uid)]).then(([username, link]) => ({
        ...info,
        authentication: {
          username,
          provider: link ? context.provider!.name : null,
          password_refused: link !== undefined && !isFirstAdministrator(context.provider!, username),
        },
      }));
    },
  );

  app.put(
    '/update-password-authentication/',
    {
      config: { permission: 'signed-in', recentAuthentication: true },
      schema: {
        ...signedIn(
          "Change the signed-in user's username and password",
          "The caller's own. The username must be unique regardless of case (409 `/problems/username-taken`); the password may not be " +
            'among the 10,000 most common (400 `/problems/common-password`). Needs an authentication within 5 minutes (401 ' +
            '`/problems/reauthentication-required`: POST /reauthenticate/). Ends every other session of the user (their access tokens at ' +
            'once) and keeps the one of the access token used. Any signed-in user may call it. Audited as `user.password-change`. A ' +
            'user linked to the OpenID Connect provider (not the first administrator) gets 403 `/problems/sign-in-with-provider`: a ' +
            'password here would be refused at sign-in.',
        ),
        body: OwnPasswordAuthenticationBody,
        response: { 200: OwnPasswordAuthentication, ...problems(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { uid } = request.user;
      const provider = await providerToSignInAt(
        db,
        context.settings.provider,
        uid,
        (await findUsername(db, uid)) ?? '',
      );
      if (provider !== undefined) throw passwordWithProvider(provider);
      return changeOwnPasswordAuthentication(
        db,
        changes,
        request.user.uid,
        request.body.username,
        request.body.password,
        auditContextOf(request),
        request.user.sessionFamily,
      );
    },
  );

  app.get(
    '/administration/statistics/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn(
          'The dashboard figure: locked-out users',
          'Users whose sign-in is blocked now by throttling: the users the users list marks as locked.',
        ),
        response: { 200: UserStatistics, ...problems(401, 403) },
      },
    },
    async () => userStatistics(db),
  );
}
