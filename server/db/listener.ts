import pg from 'pg';

/** What a LISTEN on a dedicated PostgreSQL connection reports. */
export interface ListenHandlers {
  /** A notification's payload, in the order they were committed. */
  message: (payload: string) => void;
  /** The connection dropped: notifications may be missed until `listening` is called again. */
  lost: () => void;
  /** LISTEN is in place (at the start, and again after every reconnect). */
  listening: () => void;
}

export interface Listening {
  /** Resolves after the first attempt to listen, whether it succeeded or not. */
  started: Promise<void>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;
/** A database that does not answer the goodbye (a stalled network) must not hold the shutdown. */
const END_TIMEOUT_MS = 1_000;

/** Ends the connection, or destroys its socket when the goodbye is not answered within `timeoutMs`. */
async function endWithin(client: pg.Client, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([client.end().catch(() => undefined), late]);
  clearTimeout(timer);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * LISTENs on `channel` over its own connection (never one of the pool's: a pooled connection goes back to other work), reconnecting
 * with a growing pause after it drops; `lost` and `listening` tell the subscriber when it may have missed notifications.
 */
export function listenOn(url: string, channel: string, handlers: ListenHandlers): Listening {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    if (stopped) return;
    handlers.lost();
    retry = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(LONGEST_RETRY_MS, retryMs * 2);
  }

  async function connect() {
    const candidate = new pg.Client({ connectionString: url });
    client = candidate;
    candidate.on('notification', (notification) => {
      if (notification.channel === channel && client === candidate) handlers.message(notification.payload ?? '');
    });
    candidate.on('error', () => dropped(candidate));
    candidate.on('end', () => dropped(candidate));
    try {
      await candidate.connect();
      await candidate.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      dropped(candidate);
      return;
    }
    if (client !== candidate) return;
    retryMs = FIRST_RETRY_MS;
    handlers.listening();
  }

  return {
    started: connect(),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      if (last) await endWithin(last, END_TIMEOUT_MS);
    },
  };
}
