/** The routes of the mail-delivery screens (with trailing slashes). */
export const mailPaths = {
  providers: '/mailman/providers/',
  addProvider: '/mailman/providers/add/',
  editProvider: (uid: string | number) => `/mailman/providers/${encodeURIComponent(String(uid))}/`,
  accounts: '/mailman/accounts/',
  addAccount: '/mailman/accounts/add/',
  editAccount: (uid: string | number) => `/mailman/accounts/${encodeURIComponent(String(uid))}/`,
  queue: '/mailman/queue/',
  delivered: '/mailman/delivered/',
  retries: '/mailman/failed-temporarily/',
  failed: '/mailman/failed-permanently/',
  log: '/mailman/log/',
  /** One mail with its attempts (the detail every mail list row opens). */
  mail: (uid: string | number) => `/mailman/log/${encodeURIComponent(String(uid))}/`,
  /** The mail log showing only the mails in these states (e.g. the dashboard's link to the failed mails). */
  logInStates: (...states: string[]) => `/mailman/log/?state=${states.map(encodeURIComponent).join(',')}`,
};

/** Auto-reload interval of the mail lists. */
export const MAIL_LIST_RELOAD_MS = 60_000;
