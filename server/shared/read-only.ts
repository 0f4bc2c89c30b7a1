import { readOnlyMismatch } from './problem';

/**
 * Read-only fields that a body may repeat from what GET returned ("send back what you read"): an absent field or one
 * equal to the stored value is ignored, anything else is refused with a 400 naming the field.
 */
export function assertReadOnly(field: string, sent: unknown, stored: unknown): void {
  if (sent !== undefined && sent !== stored) throw readOnlyMismatch(field);
}

/** The same for a uid, which is compared regardless of case. */
export function assertSameUid(field: string, sent: string | undefined, stored: string, detail?: string): void {
  if (sent !== undefined && sent.toLowerCase() !== stored.toLowerCase()) throw readOnlyMismatch(field, detail);
}
