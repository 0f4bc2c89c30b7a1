import type { Db } from '../../db';
import { recordAudit } from '../../shared/audit';
import type { ProviderRefusal } from '../../../contracts/oidc';

/** A sign-in through the provider that ends on the login page without a session, and why. */
export class ProviderSignInRefused extends Error {
  constructor(
    readonly refusal: ProviderRefusal,
    detail: string,
    /** What the audit event may name beyond the refusal: the provider's subject, the user, the provider's error code. */
    readonly known: { subject?: string; user?: { uid: string; label: string }; providerError?: string } = {},
  ) {
    super(detail);
  }
}

/** `sign-in.failure` with `method: oidc` and the refusal: no token and no claim but the subject is written. */
export async function auditRefusal(db: Db, refused: ProviderSignInRefused, address: string) {
  const { subject, user, providerError } = refused.known;
  await recordAudit(db, {
    action: 'sign-in.failure',
    actor: null,
    address,
    target: user ? { type: 'user', id: user.uid, label: user.label } : null,
    changes: {
      method: 'oidc',
      reason: refused.refusal,
      ...(subject === undefined ? {} : { subject }),
      ...(providerError === undefined ? {} : { provider_error: providerError }),
    },
    outcome: 'refused',
  });
}

/** Whether an error, or one it was caused by, is a request that did not reach the provider or got no answer in time. */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; current = current.cause, depth++) {
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return true;
    if (current instanceof TypeError && current.message === 'fetch failed') return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONN|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|UND_ERR)/.test(code))
      return true;
  }
  return false;
}
