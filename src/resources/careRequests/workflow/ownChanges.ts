import type { QueryClient } from '@tanstack/react-query';
import type { CareEvent } from '../../../dataProviders/careRequests/workflow';

interface Pending {
  /** Changes of the request sent and not yet answered. */
  inFlight: number;
  /** Versions the stream told of while a change was in flight. */
  heard: number[];
}

/**
 * The workflow changes this tab made, so that the stream's echo of one (`care-request.changed` with the version the answer
 * gave) reloads nothing: the answer already shows. While a change is in flight every event of its request waits; when the
 * answer comes, an event of another version than the answer's was someone else's, and `end` says so (`missed`).
 */
export function createOwnChanges() {
  const pending = new Map<string, Pending>();
  /** Echoes still to come, as `uid@version`. */
  const expected = new Set<string>();
  /** Each event is judged once, whoever asks first (every listener of the stream gets the same event object). */
  const judged = new WeakMap<CareEvent, boolean>();

  const judge = (event: CareEvent): boolean => {
    if (event.name !== 'care-request.changed' || !event.uid) return false;
    const waiting = pending.get(event.uid);
    if (waiting) {
      if (event.version !== undefined) waiting.heard.push(event.version);
      return true;
    }
    return expected.delete(`${event.uid}@${event.version}`);
  };

  return {
    begin(uid: string) {
      const waiting = pending.get(uid) ?? { inFlight: 0, heard: [] };
      waiting.inFlight += 1;
      pending.set(uid, waiting);
    },
    /** The change was answered (with its new `version`) or refused; true when someone else's change was heard meanwhile. */
    end(uid: string, version?: number): { missed: boolean } {
      const waiting = pending.get(uid);
      if (!waiting) return { missed: false };
      waiting.inFlight -= 1;
      if (version !== undefined) {
        const echo = waiting.heard.indexOf(version);
        if (echo === -1) expected.add(`${uid}@${version}`);
        else waiting.heard.splice(echo, 1);
      }
      if (waiting.inFlight > 0) return { missed: false };
      pending.delete(uid);
      return { missed: waiting.heard.length > 0 };
    },
    /** Whether a stream event is the echo of this tab's own change (or arrived while one was in flight). */
    isOwn(event: CareEvent): boolean {
      if (!judged.has(event)) judged.set(event, judge(event));
      return judged.get(event)!;
    },
  };
}

export type OwnChanges = ReturnType<typeof createOwnChanges>;

const registries = new WeakMap<QueryClient, OwnChanges>();

/** The own changes of the panel that owns this query cache (one per mounted panel). */
export function ownChangesOf(queryClient: QueryClient): OwnChanges {
  let registry = registries.get(queryClient);
  if (!registry) {
    registry = createOwnChanges();
    registries.set(queryClient, registry);
  }
  return registry;
}
