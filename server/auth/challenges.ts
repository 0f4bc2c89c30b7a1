import type { Db } from '../db';
import { HttpProblem } from '../shared/problem';

/**
 * The challenge of a sign-in that waits for its second factor: 401 `/problems/second-factor-required` with a single-use
 * `second_factor_token` bound to the user and the client address, the user's `methods` and, where WebAuthn is enrolled,
 * `webauthn_options`. (Being written: the second-factor sign-in replaces this placeholder.)
 */
export async function secondFactorRequired(_db: Db, _user: { uid: string; publicName: string }, _client: { address: string; userAgent?: string }): Promise<HttpProblem> {
  return new HttpProblem(401, 'Unauthorized', 'A second factor is required.');
}
