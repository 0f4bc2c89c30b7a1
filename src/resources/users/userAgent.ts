import Bowser from 'bowser';

/** A user agent as people name it: the browser with its major version, and the operating system, where bowser knows them. */
export interface NamedUserAgent {
  browser: string | null;
  os: string | null;
}

/** The browser ("Chrome 142") and system ("Linux") of a user-agent string, read by bowser; null where it recognises neither. */
export function nameUserAgent(userAgent: string): NamedUserAgent | null {
  if (userAgent.trim() === '') return null;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const named = {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name || null,
  };
  return named.browser || named.os ? named : null;
}
