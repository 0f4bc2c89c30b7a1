import { wholeNumber } from '../variable-types';

/** Sign-in and API-token throttling (server/authentication/throttle.ts); docs/api.md compares it with Keycloak's defaults. */
export const signInThrottleVariables = {
  SIGN_IN_MAX_FAILURES: wholeNumber({
    default: 5,
    description:
      'failed sign-ins of one username from one client address within `SIGN_IN_WINDOW` before that pair gets 429 until the window ends; `0` turns sign-in throttling off (see "Sign-in throttling (decisions)")',
  }),
  SIGN_IN_ADDRESS_MAX_FAILURES: wholeNumber({
    default: 30,
    atLeast: 1,
    description:
      'failed sign-ins from one client address (any usernames) within `SIGN_IN_WINDOW` before the address gets 429 until the window ends',
  }),
  SIGN_IN_WINDOW: wholeNumber({
    default: 15 * 60,
    atLeast: 1,
    description: 'the window of those two counts, in seconds, from its first failure',
  }),
  SIGN_IN_USER_MAX_FAILURES: wholeNumber({
    default: 30,
    atLeast: 1,
    description:
      "failed sign-ins of one username from any addresses before each further attempt must wait (Keycloak's `failureFactor`)",
  }),
  SIGN_IN_WAIT_INCREMENT: wholeNumber({
    default: 60,
    atLeast: 1,
    description:
      "the first such wait in seconds; it doubles with each further failure (Keycloak's `waitIncrementSeconds`)",
  }),
  SIGN_IN_MAX_WAIT: wholeNumber({
    default: 15 * 60,
    atLeast: 1,
    description: "the longest such wait in seconds (Keycloak's `maxFailureWaitSeconds`)",
  }),
  SIGN_IN_USER_RESET: wholeNumber({
    default: 12 * 3600,
    atLeast: 1,
    defaultNote: '12 h',
    description: "a username's failures are forgotten this long after its last one (Keycloak's `maxDeltaTimeSeconds`)",
  }),
  API_TOKEN_MAX_FAILURES: wholeNumber({
    default: 20,
    description:
      'failed API-token checks (shorter than 16 characters, unknown, revoked, expired) from one client address within `API_TOKEN_FAILURE_WINDOW` before that address gets 429; `0` turns it off',
  }),
  API_TOKEN_FAILURE_WINDOW: wholeNumber({
    default: 10 * 60,
    atLeast: 1,
    description: 'the window of that count, in seconds',
  }),
  SIGN_IN_REFUSAL_EVENT_SECONDS: wholeNumber({
    default: 60,
    atLeast: 1,
    description:
      'sign-ins refused by the throttle are written to the audit trail as one `sign-in.throttled` event per username, address and this many seconds, with `attempts`, `first_at`, `last_at` and `retry_after` (a script hammering a locked account cannot fill the trail)',
  }),
};
