// The care workflow bench's live-event part: how long a workflow change takes to reach 200 open event streams, against a bare
// Server-Sent Events broadcast to as many streams in the same run. Every loop is bounded in count and time.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Latency } from './lib';

export const STREAMS = 200;
const CHANGES = 50;
const TIME_LIMIT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 5_000;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

/** Open streams that note when each has seen the awaited marker (a substring of what arrives). */
class StreamSet {
  private readonly aborts: AbortController[] = [];
  private marker = '';
  private seen = 0;
  private started = 0;
  private readonly delays: number[] = [];
  private allSeen: (() => void) | undefined;

  async open(url: string, headers: Record<string, string>, count: number) {
    for (let index = 0; index < count; index += 1) {
      const abort = new AbortController();
      this.aborts.push(abort);
      const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
      if (response.status !== 200) throw new Error(`stream ${index}: ${response.status} ${await response.text()}`);
      void this.read(response);
    }
  }

  private async read(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let waitingFor = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        if (this.marker && waitingFor !== this.marker && value.includes(this.marker)) {
          waitingFor = this.marker;
          this.delays.push(performance.now() - this.started);
          if (++this.seen === this.aborts.length) this.allSeen?.();
        }
      }
    } catch {
      // closed
    }
  }

  /** Starts a round: `trigger` causes the marker to be sent; resolves once every stream has seen it. */
  async round(marker: string, trigger: () => unknown) {
    this.marker = marker;
    this.seen = 0;
    const everyone = new Promise<void>((resolve, reject) => {
      this.allSeen = resolve;
      setTimeout(
        () => reject(new Error(`only ${this.seen} of ${this.aborts.length} streams saw ${marker}`)),
        DELIVERY_TIMEOUT_MS,
      ).unref();
    });
    this.started = performance.now();
    await trigger();
    await everyone;
  }

  latency(): Latency {
    const sorted = [...this.delays].sort((a, b) => a - b);
    return { runs: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
  }

  close() {
    for (const abort of this.aborts) abort.abort();
  }
}

/** Rounds of `trigger(round)`, each awaited until every stream saw its marker, at most CHANGES rounds and TIME_LIMIT_MS. */
async function rounds(streams: StreamSet, trigger: (round: number) => { marker: string; send: () => unknown }) {
  const deadline = performance.now() + TIME_LIMIT_MS;
  for (let round = 0; round < CHANGES && performance.now() < deadline; round += 1) {
    const { marker, send } = trigger(round);
    await streams.round(marker, send);
  }
  return streams.latency();
}

/** Deliveries of workflow changes (PATCH on the listening app) to STREAMS open streams: one delay per stream and change. */
export async function measureWorkflowFanOut(baseUrl: string, token: string, uid: string): Promise<Latency> {
  const streams = new StreamSet();
  try {
    await streams.open(`${baseUrl}/api/care/events/`, { authorization: `Bearer ${token}` }, STREAMS);
    return await rounds(streams, (round) => ({
      marker: `"version":${round + 2}}`,
      send: async () => {
        const response = await fetch(`${baseUrl}/api/care/care-requests/${uid}/workflow/`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            version: round + 1,
            follow_up: `2030-01-${String((round % 28) + 1).padStart(2, '0')}`,
          }),
        });
        if (response.status !== 200) throw new Error(`PATCH workflow: ${response.status} ${await response.text()}`);
      },
    }));
  } finally {
    streams.close();
  }
}

/** The baseline: a bare Fastify app broadcasting one SSE frame to STREAMS raw streams, measured the same way. */
export async function measureBareBroadcast(): Promise<Latency> {
  const app: FastifyInstance = Fastify();
  const raws = new Set<import('node:http').ServerResponse>();
  app.get('/events', (request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write(': open\n\n');
    raws.add(reply.raw);
    request.raw.on('close', () => raws.delete(reply.raw));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const streams = new StreamSet();
  try {
    await streams.open(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/events`,
      {},
      STREAMS,
    );
    return await rounds(streams, (round) => ({
      marker: `"round":${round}}`,
      send: () => {
        for (const raw of raws) raw.write(`data: {"round":${round}}\n\n`);
      },
    }));
  } finally {
    streams.close();
    for (const raw of raws) raw.end();
    await app.close();
  }
}
