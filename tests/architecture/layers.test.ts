import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import layerRules from '../../.dependency-cruiser.mjs';

/** Every broken rule as `rule: from → to`, for the given folders under `baseDir`. */
async function violations(baseDir: string, folders: string[]): Promise<string[]> {
  const { forbidden, options } = layerRules;
  const { tsConfig: _tsConfig, ...cruiseOptions } = options;
  const { output } = await cruise(folders, { ...cruiseOptions, baseDir, validate: true, ruleSet: { forbidden } });
  return (output as ICruiseResult).summary.violations
    .map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)
    .sort();
}

test('the repository keeps every layer rule', async () => {
  expect(await violations(process.cwd(), ['src', 'server', 'contracts'])).toEqual([]);
}, 60_000);

describe('a planted violation of each rule is caught', () => {
  let root: string;
  /** Writes a module that imports the given relative paths. */
  const plant = (file: string, ...imports: string[]) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(
      path.join(root, file),
      imports.map((target, index) => `import * as m${index} from '${target}';\n`).join('') + 'export const here = 1;\n',
    );
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'caredesk-layers-'));
    const modules = [
      'contracts/wire.ts',
      'server/shared/problem.ts',
      'server/db/schema.ts',
      'server/care/index.ts',
      'server/care/store.ts',
      'server/auth/users.ts',
      'src/session/session.ts',
      'server/auth/passwords.ts',
      'server/auth/second-factors/index.ts',
      'server/auth/second-factors/totp.ts',
      'src/common/Card.tsx',
      'src/layout/Menu.tsx',
      'src/login/authProvider.ts',
      'src/dataProviders/users.ts',
      'src/resources/users/index.ts',
      'src/resources/users/UserList.tsx',
      'src/registry/index.ts',
    ];
    for (const file of modules) plant(file);
    // imports every rule allows
    plant(
      'src/resources/mail/MailList.tsx',
      '../../common/Card',
      '../../dataProviders/users',
      '../../../contracts/wire',
    );
    plant(
      'src/layout/AppBar.tsx',
      '../common/Card',
      '../login/authProvider',
      '../session/session',
      '../registry/index',
    );
    plant('src/registry/areas.ts', '../resources/users/index', '../account/index');
    plant(
      'src/account/index.ts',
      '../login/authProvider',
      '../common/Card',
      '../dataProviders/users',
      '../session/session',
    );
    plant('src/login/LoginPage.tsx', '../common/Card', '../dataProviders/users', '../session/session');
    plant('src/dataProviders/httpClient.ts', '../session/session');
    plant('server/intake/submission.ts', '../care/index', '../shared/problem', '../../contracts/wire');
    plant('server/auth/sign-in.ts', './second-factors/index', './users');
    plant('server/auth/second-factors/webauthn.ts', './totp', '../users');
    // one violation of each rule
    plant('contracts/rules.ts', '../server/shared/problem');
    plant('src/common/useProblem.ts', '../../server/shared/problem');
    plant('server/shared/panelText.ts', '../../src/common/Card');
    plant('src/resources/mail/MailShow.tsx', '../users/UserList');
    plant('src/App.tsx', './resources/users/index');
    plant('src/layout/Drawer.tsx', '../resources/users/UserList');
    plant('src/account/Security.tsx', '../resources/users/UserList');
    plant('src/login/RootPage.tsx', '../account/index');
    plant('src/session/refresh.ts', '../dataProviders/users');
    plant('src/dataProviders/mail.ts', '../common/Card');
    plant('src/dataProviders/info.ts', '../login/authProvider');
    plant('src/common/useAlert.ts', '../layout/Menu');
    plant('src/common/useIdentity.ts', '../login/authProvider');
    plant('src/login/LoginForm.tsx', '../layout/Menu');
    plant('server/authentication/users.ts', '../auth/users');
    plant('server/config/types.ts', '../auth/passwords');
    plant('server/intake/notify.ts', '../care/store');
    plant('server/auth/housekeeping.ts', './second-factors/totp');
    plant('src/common/first.ts', './second');
    plant('src/common/second.ts', './first');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const PLANTED = [
    'contracts-import-nothing-of-ours: contracts/rules.ts → server/shared/problem.ts',
    'panel-never-imports-services: src/common/useProblem.ts → server/shared/problem.ts',
    'services-never-import-panel: server/shared/panelText.ts → src/common/Card.tsx',
    'no-area-imports-another: src/resources/mail/MailShow.tsx → src/resources/users/UserList.tsx',
    'no-area-imports-another: src/account/Security.tsx → src/resources/users/UserList.tsx',
    'areas-only-through-the-registry: src/App.tsx → src/resources/users/index.ts',
    'areas-only-through-the-registry: src/layout/Drawer.tsx → src/resources/users/UserList.tsx',
    'areas-only-through-the-registry: src/login/RootPage.tsx → src/account/index.ts',
    'layers-below-areas-import-no-area: src/layout/Drawer.tsx → src/resources/users/UserList.tsx',
    'layers-below-areas-import-no-area: src/login/RootPage.tsx → src/account/index.ts',
    'session-is-below-the-data-layer: src/session/refresh.ts → src/dataProviders/users.ts',
    'data-layer-imports-no-ui: src/dataProviders/mail.ts → src/common/Card.tsx',
    'data-layer-imports-no-ui: src/dataProviders/info.ts → src/login/authProvider.ts',
    'common-imports-no-login-or-layout: src/common/useAlert.ts → src/layout/Menu.tsx',
    'common-imports-no-login-or-layout: src/common/useIdentity.ts → src/login/authProvider.ts',
    'login-imports-no-layout: src/login/LoginForm.tsx → src/layout/Menu.tsx',
    'shared-and-authentication-import-no-service: server/authentication/users.ts → server/auth/users.ts',
    'shared-and-authentication-import-no-service: server/config/types.ts → server/auth/passwords.ts',
    'services-meet-through-their-index: server/intake/notify.ts → server/care/store.ts',
    'second-factors-through-their-index: server/auth/housekeeping.ts → server/auth/second-factors/totp.ts',
    'no-cycle: src/common/first.ts → src/common/second.ts',
  ];

  test('each rule names its own planted import and nothing else', async () => {
    expect(await violations(root, ['src', 'server', 'contracts'])).toEqual([...PLANTED].sort());
  }, 60_000);

  test('every rule is planted', () => {
    const planted = new Set(PLANTED.map((violation) => violation.slice(0, violation.indexOf(':'))));
    expect(layerRules.forbidden.map((rule) => rule.name).sort()).toEqual([...planted].sort());
  });
});
