import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyValue } from '../../contracts/idempotency';

/**
 * The `Idempotency-Key` of every POST the panel sends (docs/api.md, Idempotent creation): a fresh key per action, and the same key
 * whenever the same request (URL and body) is sent again before it has succeeded: after a re-authentication, or when a person sends
 * it again after it got no answer, a server error or "still being answered". Its effect may then have happened already, and the
 * service answers that first answer instead of doing it twice; a refused request kept nothing, so the same key does no harm there.
 * After a success the same request is a new action, with a fresh key.
 */

/** Requests not yet succeeded that a person may send again; older ones are forgotten first. */
const REMEMBERED = 50;

/** A random UUID (version 4) from getRandomValues, which unlike randomUUID is there outside secure contexts too (plain http). */
function randomKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What makes two bodies the same request; undefined for a body that cannot be compared (each such POST gets a fresh key). */
function bodySignature(body: unknown): string | undefined {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof FormData) {
    const entries = [...body.entries()].map(([name, value]) =>
      typeof value === 'string'
        ? [name, value]
        : [name, 'file', value.name, value.size, value.type, value.lastModified],
    );
    return JSON.stringify(entries);
  }
  return undefined;
}

interface Init {
  method?: string;
  body?: unknown;
  headers?: HeadersInit;
}

export interface IdempotencyKeys {
  /**
   * Sends `request` with the init's POST carrying a key (unless it names one already): the key of the same request not yet
   * succeeded, else a fresh one. `succeeded` says whether an outcome was a success.
   */
  send<R, I extends Init>(
    url: string,
    init: I,
    request: (init: I) => Promise<R>,
    succeeded: (outcome: R) => boolean,
  ): Promise<R>;
}

export function createIdempotencyKeys(): IdempotencyKeys {
  const unsucceeded = new Map<string, string>();
  const remember = (signature: string, key: string) => {
    unsucceeded.delete(signature);
    unsucceeded.set(signature, key);
    if (unsucceeded.size > REMEMBERED) unsucceeded.delete(unsucceeded.keys().next().value!);
  };
  return {
    async send<R, I extends Init>(
      url: string,
      init: I,
      request: (init: I) => Promise<R>,
      succeeded: (outcome: R) => boolean,
    ): Promise<R> {
      const headers = new Headers(init.headers);
      if ((init.method ?? 'GET').toUpperCase() !== 'POST' || headers.has(IDEMPOTENCY_KEY_HEADER)) return request(init);
      const body = bodySignature(init.body);
      const signature = body === undefined ? undefined : `${url}\n${body}`;
      const key = (signature && unsucceeded.get(signature)) || randomKey();
      headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKeyValue(key));
      let outcome: R;
      try {
        outcome = await request({ ...init, headers });
      } catch (error) {
        if (signature) remember(signature, key);
        throw error;
      }
      if (signature && succeeded(outcome)) unsucceeded.delete(signature);
      else if (signature) remember(signature, key);
      return outcome;
    },
  };
}
