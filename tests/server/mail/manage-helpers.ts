import type { TestApp } from '../support/helpers';
import { MAIL } from '../support/mail-helpers';

/** Calls the mail service as the administrator of the file's test app (`app` is read at each call). */
export const mailCaller =
  (app: () => TestApp) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app().as({ method, url: `${MAIL}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

let domains = 0;
export const aDomain = () => `manage${++domains}.example`;
export const expressionFor = (domain: string) => `@${domain.replaceAll('.', '\\.')}$`;
