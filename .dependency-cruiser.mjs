/**
 * The layer rules of docs/architecture.md (Layers), checked on every `npm test` by tests/architecture/layers.test.ts, which
 * also plants a violation of each rule to show it is caught. Paths are relative to the repository's root.
 */
const AREA = '^src/(dashboard|account|resources/[^/]+)/';
const SERVICE = '^server/(auth|api-tokens|audit|care|files|intake|mail|pricing)/';
const PANEL_BELOW_AREAS = '^src/(session|dataProviders|common|login|layout|i18n)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'contracts/ is what both halves agree on: it imports only packages',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(src|server|scripts|tests|bench)/' },
    },
    {
      name: 'panel-never-imports-services',
      comment: 'what the panel shares with the services lives in contracts/',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'services-never-import-panel',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'no-area-imports-another',
      comment: 'what two areas share moves to src/common/',
      severity: 'error',
      from: { path: AREA },
      to: { path: AREA, pathNot: '^src/$1/' },
    },
    {
      name: 'areas-only-through-the-registry',
      comment: 'an area is one line of src/registry/index.ts; nothing else reaches into it',
      severity: 'error',
      from: { path: '^src/', pathNot: [AREA, '^src/registry/'] },
      to: { path: AREA },
    },
    {
      name: 'layers-below-areas-import-no-area',
      comment: 'session/, dataProviders/, common/, login/, layout/ and i18n/ serve the areas and know none of them',
      severity: 'error',
      from: { path: PANEL_BELOW_AREAS },
      to: { path: '^src/(dashboard|account|resources)/' },
    },
    {
      name: 'session-is-below-the-data-layer',
      comment:
        "session/ (tokens, second-factor challenge, WebAuthn) is the panel's ground floor: it imports nothing else of the panel",
      severity: 'error',
      from: { path: '^src/session/' },
      to: { path: '^src/', pathNot: '^src/session/' },
    },
    {
      name: 'data-layer-imports-no-ui',
      comment: 'data providers never import screens, common UI, the login or the layout',
      severity: 'error',
      from: { path: '^src/dataProviders/' },
      to: { path: '^src/(common|login|layout)/' },
    },
    {
      name: 'common-imports-no-login-or-layout',
      comment: 'common/ is below login/ and the layout: they may use it, not the other way round',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(login|layout)/' },
    },
    {
      name: 'login-imports-no-layout',
      comment:
        'login/ (the login screens and the auth provider) is below the layout, which uses its auth provider and error texts',
      severity: 'error',
      from: { path: '^src/login/' },
      to: { path: '^src/layout/' },
    },
    {
      name: 'shared-and-authentication-import-no-service',
      comment: 'server/shared/, server/authentication/, server/db/ and server/config/ lie below every service',
      severity: 'error',
      from: { path: '^server/(shared|authentication|db|config)/' },
      to: { path: SERVICE },
    },
    {
      name: 'services-meet-through-their-index',
      comment: "a service uses another only through that service's index.ts",
      severity: 'error',
      from: { path: SERVICE },
      to: { path: SERVICE, pathNot: ['^server/$1/', '^server/[^/]+/index\\.ts$'] },
    },
    {
      name: 'second-factors-through-their-index',
      comment: "the rest of the auth service uses server/auth/second-factors/ only through that folder's index.ts",
      severity: 'error',
      from: { path: '^server/auth/', pathNot: '^server/auth/second-factors/' },
      to: { path: '^server/auth/second-factors/', pathNot: '^server/auth/second-factors/index\\.ts$' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    // type-only imports count: a panel type taken from a service module still ties the two together
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
