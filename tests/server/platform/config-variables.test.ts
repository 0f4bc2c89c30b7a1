import { Kind } from '@sinclair/typebox';
import { loadConfig } from '../../../server/config';
import { Environment } from '../../../server/config/variables';

const declared = Object.entries(Environment.properties);

test.each(declared.filter(([, declaration]) => declaration[Kind] === 'Integer'))(
  '%s refuses a value that is no whole number, naming itself',
  (name) => {
    expect(() => loadConfig({ [name]: 'many' })).toThrow(new RegExp(`^${name} must be a whole number.*, got "many"$`));
    expect(() => loadConfig({ [name]: '-1' })).toThrow(name);
  },
);

test.each(declared.filter(([, declaration]) => declaration[Kind] === 'Boolean'))(
  '%s refuses a value that is neither true nor false',
  (name) => {
    expect(() => loadConfig({ [name]: 'maybe' })).toThrow(`${name} must be true or false, got "maybe"`);
  },
);

test('a refused secret is not repeated in the refusal', () => {
  expect(() => loadConfig({ SECRET_KEY: 'not-a-key!' })).toThrow(/^SECRET_KEY must .*holds 0$/);
  expect(() => loadConfig({ SECRET_KEY: 'not-a-key!' })).not.toThrow(/not-a-key/);
  expect(() => loadConfig({ ADMIN_PASSWORD: 'short!' })).not.toThrow(/short!/);
});

test('the grace is half of SHUTDOWN_TIMEOUT_MS when only that is set, the timeout 5 s more than the grace otherwise, and always the longer', () => {
  expect(loadConfig({})).toMatchObject({ shutdownGraceMs: 20_000, shutdownTimeoutMs: 25_000 });
  expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '3000' })).toMatchObject({ shutdownGraceMs: 1500, shutdownTimeoutMs: 3000 });
  expect(loadConfig({ SHUTDOWN_GRACE_MS: '9000' })).toMatchObject({ shutdownGraceMs: 9000, shutdownTimeoutMs: 14_000 });
  expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_TIMEOUT_MS: '4000' })).toThrow(
    'SHUTDOWN_GRACE_MS (5000) must be shorter than SHUTDOWN_TIMEOUT_MS (4000)',
  );
});

test('a value under its floor is raised to it, and the headers time-out never exceeds the whole request', () => {
  expect(loadConfig({ SIGN_IN_WINDOW: '0', HTTP_IDLE_TIMEOUT_MS: '10' })).toMatchObject({
    throttle: { windowSeconds: 1 },
    http: { idleTimeoutMs: 1000 },
  });
  expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '5000' }).http).toMatchObject({
    requestTimeoutMs: 2000,
    headersTimeoutMs: 2000,
  });
});

test('AGENCY_LANGUAGE chooses the language of the mails to staff: English unless it says de', () => {
  expect(loadConfig({}).care.mailLanguage).toBe('en');
  expect(loadConfig({ AGENCY_LANGUAGE: 'de' }).care.mailLanguage).toBe('de');
  expect(() => loadConfig({ AGENCY_LANGUAGE: 'fr' })).toThrow('AGENCY_LANGUAGE must be en or de, got "fr"');
});

test('origins and the panel address are normalised; a list set to nothing is empty, unset it is the default', () => {
  const config = loadConfig({
    CORS_ORIGINS: 'https://a.example/x, http://b.example:8080/',
    PANEL_URL: 'https://panel.example/desk//',
  });
  expect(config.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
  expect(config.care.panelUrl).toBe('https://panel.example/desk');
  expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example, nowhere' })).toThrow(
    'CORS_ORIGINS must be a comma list of origins such as https://panel.example.org, got "nowhere"',
  );
  expect(loadConfig({ CORE_TERRITORY_ZIP_PREFIXES: '' }).care.coreTerritoryZipPrefixes).toEqual([]);
});

describe('the OpenID Connect provider', () => {
  const provider = { OIDC_ISSUER: 'https://login.example.org/realms/staff', OIDC_CLIENT_ID: 'caredesk' };

  test('is absent without OIDC_ISSUER, and a client set without an issuer is refused', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'caredesk' })).toThrow(
      'OIDC_CLIENT_ID is set but OIDC_ISSUER is not: set the issuer too, or remove OIDC_CLIENT_ID',
    );
    expect(() => loadConfig({ OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow('OIDC_ISSUER needs OIDC_CLIENT_ID as well');
  });

  test('takes its defaults, and maps claim values to roles (a value may name several, and hold "=" itself)', () => {
    expect(loadConfig(provider).oidc).toMatchObject({
      name: 'login.example.org',
      scopes: 'openid profile email offline_access',
      rolesClaim: 'groups',
      roleMap: new Map(),
      createUsers: false,
    });
    const mapped = loadConfig({
      ...provider,
      OIDC_NAME: 'Keycloak',
      OIDC_ROLE_MAP: 'caredesk-admins=administrator, dispatch = dispatcher,dispatch=recruiter,cn=office=ceo',
    }).oidc;
    expect(mapped?.name).toBe('Keycloak');
    expect(mapped?.roleMap).toEqual(
      new Map([
        ['caredesk-admins', ['administrator']],
        ['dispatch', ['dispatcher', 'recruiter']],
        ['cn=office', ['ceo']],
      ]),
    );
  });

  test.each([
    ['OIDC_ISSUER', 'http://login.example.org', 'OIDC_ISSUER must be the https URL of an OpenID Connect issuer'],
    ['OIDC_ISSUER', 'https://login.example.org/?tenant=1', 'OIDC_ISSUER must be the https URL'],
    ['OIDC_ISSUER', 'login.example.org', 'OIDC_ISSUER must be the https URL'],
    ['OIDC_SCOPES', 'profile email', 'OIDC_SCOPES must be a list of scopes separated by spaces that holds openid'],
    ['OIDC_ROLE_MAP', 'admins=administrator,dispatch', 'OIDC_ROLE_MAP must be a comma list of claim-value=role pairs'],
    ['OIDC_ROLE_MAP', 'admins=', 'OIDC_ROLE_MAP must be a comma list of claim-value=role pairs'],
    ['OIDC_CREATE_USERS', 'true', 'OIDC_CREATE_USERS=true needs OIDC_ROLE_MAP'],
  ])('%s=%s is refused in words', (name, value, message) => {
    expect(() => loadConfig({ ...provider, [name]: value })).toThrow(message);
  });

  test('http:// is taken for a loopback provider only, and a refused client secret is not repeated', () => {
    for (const issuer of ['http://127.0.0.1:8081', 'http://localhost:8081/realms/x', 'http://[::1]:8081'])
      expect(loadConfig({ ...provider, OIDC_ISSUER: issuer }).oidc?.issuer).toBe(issuer);
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://10.0.0.1' })).toThrow('OIDC_ISSUER');
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'very-secret' })).not.toThrow(/very-secret/);
  });
});
