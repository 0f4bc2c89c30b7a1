import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { Listening } from '../db/listener';
import type { CareEventName } from '../../contracts/care-workflow';
import type { Db } from '../db';

/**
 * The live events of care requests (GET /api/care/events/). A writer announces an event with NOTIFY in the transaction of its
 * change, so it is delivered on commit, and only then, to every process listening on the database (PGlite: the one process). Each
 * process keeps the last events in commit order (NOTIFY's delivery order, the same in every process) for Last-Event-ID, and fans
 * each event out to its open streams. Events carry a request's uid and version, never more.
 */

export const CARE_EVENTS_CHANNEL = 'caredesk_care_events';
/** How many recent events a process keeps for resuming streams. */
const RECENT_EVENTS = 1_000;
/** A stream whose client reads slower than this many unsent bytes is closed: it reconnects and resumes, or reloads. */
const MAX_UNSENT_BYTES = 256 * 1024;

export interface CareEvent {
  /** From the sequence care_event_ids (server/db/schema/care.ts), so every process names an event alike. */
  id: string;
  name: Exclude<CareEventName, 'care-requests.resync'>;
  uid: string;
  version: number;
}

/** Announces an event in the caller's transaction; delivered once (and only if) it commits. */
export async function announceCareEvent(executor: Db, name: CareEvent['name'], uid: string, version: number) {
  await executor.execute(
    sql`select pg_notify(${CARE_EVENTS_CHANNEL}, ${name}::text || '|' || nextval('care_event_ids') || '|' || ${uid}::text || '|' || ${version}::int)`,
  );
}

function parseEvent(payload: string): CareEvent | undefined {
  const [name, id, uid, version] = payload.split('|');
  if ((name !== 'care-request.received' && name !== 'care-request.changed') || !id || !uid) return undefined;
  return { name, id, uid, version: Number(version) };
}

/** One open stream as the hub sees it: it writes formatted events, tells how much is still unsent, and can be closed. */
export interface EventSink {
  write(chunk: string): void;
  unsentBytes(): number;
  close(): void;
}

export interface StreamLimits {
  perUser: number;
  perProcess: number;
}

export const formatEvent = (event: CareEvent) =>
  `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify({ uid: event.uid, version: event.version })}\n\n`;
export const RESYNC = 'event: care-requests.resync\ndata: {}\n\n';

export interface CareEventHub {
  /** Counts a new stream of the user (the release uncounts it), or names the bound it would exceed. */
  reserve(userUid: string): (() => void) | 'user' | 'process';
  /** Sends the stream every event from now on, after what it missed since `lastEventId` (a resync when that is no longer known). */
  attach(sink: EventSink, lastEventId: string | undefined): () => void;
  openStreams(): number;
  started: Promise<void>;
  stop(): Promise<void>;
}

/** The last events in delivery order, for Last-Event-ID. */
class RecentEvents {
  private readonly events: CareEvent[] = [];

  add(event: CareEvent) {
    this.events.push(event);
    if (this.events.length > RECENT_EVENTS) this.events.shift();
  }

  clear() {
    this.events.length = 0;
  }

  /** The events after the one with this id, or undefined when it is not (or no longer) known. */
  after(id: string): CareEvent[] | undefined {
    const position = this.events.findIndex((event) => event.id === id);
    return position < 0 ? undefined : this.events.slice(position + 1);
  }
}

/** Open streams, counted per user and per process. */
function streamCounter(limits: StreamLimits) {
  const perUser = new Map<string, number>();
  let total = 0;
  const release = (userUid: string) => {
    total -= 1;
    const left = (perUser.get(userUid) ?? 1) - 1;
    if (left > 0) perUser.set(userUid, left);
    else perUser.delete(userUid);
  };
  return {
    total: () => total,
    reserve: (userUid: string): (() => void) | 'user' | 'process' => {
      const ofUser = perUser.get(userUid) ?? 0;
      if (ofUser >= limits.perUser) return 'user';
      if (total >= limits.perProcess) return 'process';
      perUser.set(userUid, ofUser + 1);
      total += 1;
      let released = false;
      return () => {
        if (!released) release(userUid);
        released = true;
      };
    },
  };
}

const deliver = (sink: EventSink, chunk: string) => {
  if (sink.unsentBytes() > MAX_UNSENT_BYTES) sink.close();
  else sink.write(chunk);
};

export function createCareEventHub(
  database: Pick<Database, 'listen' | 'listenInProcess'>,
  limits: StreamLimits,
): CareEventHub {
  const recent = new RecentEvents();
  const sinks = new Set<EventSink>();
  const counter = streamCounter(limits);
  const broadcast = (chunk: string) => sinks.forEach((sink) => deliver(sink, chunk));
  let missedSome = false;
  const handlers = {
    message(payload: string) {
      const event = parseEvent(payload);
      if (!event) return;
      recent.add(event);
      broadcast(formatEvent(event));
    },
    lost: () => (missedSome = true),
    listening() {
      if (!missedSome) return;
      // events committed while the connection was down are gone: everyone reloads, and old ids no longer resume
      missedSome = false;
      recent.clear();
      broadcast(RESYNC);
    },
  };
  const listening: Listening | undefined = (database.listen ?? database.listenInProcess)?.(
    CARE_EVENTS_CHANNEL,
    handlers,
  );

  return {
    reserve: counter.reserve,
    attach(sink, lastEventId) {
      sinks.add(sink);
      if (lastEventId !== undefined) {
        const missed = recent.after(lastEventId);
        if (missed) missed.forEach((event) => deliver(sink, formatEvent(event)));
        else deliver(sink, RESYNC);
      }
      return () => sinks.delete(sink);
    },
    openStreams: counter.total,
    started: listening?.started ?? Promise.resolve(),
    async stop() {
      for (const sink of [...sinks]) sink.close();
      await listening?.stop();
    },
  };
}
