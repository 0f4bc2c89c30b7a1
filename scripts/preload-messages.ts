import type { Plugin } from 'vite';

/** The modules of the panel's languages (src/i18n/loadI18nProvider.ts loads each as a chunk of its own). */
const MESSAGE_MODULES = /\/src\/i18n\/(en|de)\.ts$/;

/**
 * Vite plugin: names each language's messages chunk in index.html as a modulepreload link. The first render waits for
 * the starting language's messages, which the entry chunk can only ask for once it has evaluated; preloaded, they
 * arrive together with it (both languages: which one starts is decided in the browser, from local storage).
 */
export function preloadMessages(): Plugin {
  let base = '/';
  return {
    name: 'caredesk-preload-messages',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter(
            (output) =>
              output.type === 'chunk' && output.isDynamicEntry && MESSAGE_MODULES.test(output.facadeModuleId ?? ''),
          )
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
}
