import { loadConfig } from './config';
import { loadI18nProvider } from './i18n/loadI18nProvider';

/**
 * Started before the rest of the entry chunk evaluates (main.tsx imports this module first, and ES modules evaluate in
 * import order): the configuration and the starting language's messages are fetched meanwhile instead of after it.
 */
export const starting = Promise.all([loadConfig(), loadI18nProvider()]);
