/** In-process signal that mails became due (enqueued or requeued), so a local worker need not wait for its next poll. */
const listeners = new Set<() => void>();

export function announceMailsDue() {
  for (const listener of listeners) listener();
}

export function onMailsDue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
