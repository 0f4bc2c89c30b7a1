import * as client from 'openid-client';
import { refreshTokenRequest } from '../../../server/auth/oidc/flow';

/** How the sign-in asks each kind of provider for the refresh token that lets every Caredesk refresh check the account there. */
const configurationOf = (metadata: Partial<client.ServerMetadata> & { issuer: string }) =>
  new client.Configuration(
    { authorization_endpoint: `${metadata.issuer}/authorize`, ...metadata },
    'caredesk',
    'client-secret',
  );

const SCOPES = 'openid profile email offline_access';

test('a provider that lists offline_access among its scopes is asked for it, and nothing else', () => {
  const keycloak = configurationOf({
    issuer: 'https://sso.example.org/realms/staff',
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
  });
  expect(refreshTokenRequest(keycloak, SCOPES)).toEqual({ scope: SCOPES });
});

test('a provider that does not list its scopes is asked for the scopes as configured', () => {
  expect(refreshTokenRequest(configurationOf({ issuer: 'https://login.example.org' }), SCOPES)).toEqual({
    scope: SCOPES,
  });
});

test('a provider whose scopes lack offline_access is not asked for it', () => {
  const strict = configurationOf({
    issuer: 'https://id.example.org',
    scopes_supported: ['openid', 'email', 'profile'],
  });
  expect(refreshTokenRequest(strict, SCOPES)).toEqual({ scope: 'openid profile email' });
});

test('Google is asked its own way: access_type=offline with consent, without the scope it refuses', () => {
  const google = configurationOf({
    issuer: 'https://accounts.google.com',
    scopes_supported: ['openid', 'email', 'profile'],
  });
  expect(refreshTokenRequest(google, SCOPES)).toEqual({
    scope: 'openid profile email',
    access_type: 'offline',
    prompt: 'consent',
  });
  expect(refreshTokenRequest(google, 'openid email')).toEqual({
    scope: 'openid email',
    access_type: 'offline',
    prompt: 'consent',
  });
});
