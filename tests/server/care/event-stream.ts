/** A small fetch-based Server-Sent Events client for the care event tests (the panel reads the stream the same way). */

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

interface Waiter {
  predicate: (frame: SseFrame) => boolean;
  resolve: (frame: SseFrame) => void;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The body of a refused stream. */
  problem?: Record<string, unknown>;
  frames: SseFrame[];
  /** The first frame (seen already or coming) after `after` frames that matches, or a rejection after `timeoutMs`. */
  next(predicate: (frame: SseFrame) => boolean, timeoutMs?: number, after?: number): Promise<SseFrame>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const [field, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
    if (field === '') frame.comment = value;
    else if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
  }
  return frame;
}

export const isEvent = (name: string, uid?: string) => (frame: SseFrame) =>
  frame.event === name && (!uid || JSON.parse(frame.data ?? '{}').uid === uid);

export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/care/events/`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  const waiters = new Set<Waiter & { from: number }>();
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    frames,
    next(predicate, timeoutMs = 5_000, after = 0) {
      const seen = frames.slice(after).find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve: (frame: SseFrame) => (clearTimeout(timer), resolve(frame)), from: after };
        const timer = setTimeout(
          () => (
            waiters.delete(waiter),
            reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`))
          ),
          timeoutMs,
        );
        waiters.add(waiter);
      });
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200) {
    stream.problem = (await response.json()) as Record<string, unknown>;
    return stream;
  }
  void readFrames(response, (frame) => {
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.predicate(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  });
  return stream;
}

async function readFrames(response: Response, onFrame: (frame: SseFrame) => void) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        onFrame(parseFrame(buffered.slice(0, end)));
        buffered = buffered.slice(end + 2);
      }
    }
  } catch {
    // aborted by close()
  }
}
