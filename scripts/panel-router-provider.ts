import path from 'node:path';
import type { Plugin } from 'vite';

const ADAPTER = /\/node_modules\/ra-core\/dist\/routing\/adapters\/reactRouterProvider\.js$/;

/**
 * Vite plugin (build): ra-core's default router provider becomes the panel's (src/common/history/routerProvider.ts).
 * ra-core's default, also the default value of its router context and of AdminContext's routerProvider prop, creates a hash
 * router when there is none: that is react-router's data router, most of react-router's code, and it would ship with the
 * login page although the panel always passes its own provider inside its BrowserRouter (docs/architecture.md, Architecture). The build
 * fails if ra-core no longer has that module, rather than silently shipping it again.
 */
export function panelRouterProvider(): Plugin {
  const replacement = path.resolve('src/common/history/routerProvider.ts');
  let replaced = false;
  return {
    name: 'caredesk-panel-router-provider',
    apply: 'build',
    load(id) {
      if (!ADAPTER.test(id)) return null;
      replaced = true;
      return `export { routerProvider as reactRouterProvider } from ${JSON.stringify(replacement)};`;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          'ra-core/dist/routing/adapters/reactRouterProvider.js was not loaded: check panelRouterProvider (scripts/panel-router-provider.ts)',
        );
    },
  };
}
