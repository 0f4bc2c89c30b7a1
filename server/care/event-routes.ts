import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problems } from '../../contracts/common';
import { CARE_EVENTS_HEARTBEAT_SECONDS, CARE_EVENTS_RECONNECT_MS } from '../../contracts/care-workflow';
import { HttpProblem, problemType } from '../shared/problem';
import { BEARER, type ServiceApp } from '../shared/service';
import type { CareEventHub } from './events';

/** How long a client refused for too many streams should wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

const DESCRIPTION =
  'Server-Sent Events (`Accept: text/event-stream`) of the care requests, authenticated like every route by the bearer (send it in ' +
  '`Authorization`, never in the URL; a `fetch`-based client can). Events: `care-request.received` (a new request) and ' +
  '`care-request.changed` (workflow, notes), each with data `{uid, version}` and an `id`; never personal data. A heartbeat comment ' +
  `comes every ${CARE_EVENTS_HEARTBEAT_SECONDS} s. \`Last-Event-ID\` resumes after that event (each process keeps its last 1,000); ` +
  'when it is no longer known, or the process missed events (its database connection dropped), a `care-requests.resync` event with ' +
  'data `{}` says to reload what is shown. Every process delivers every event (PostgreSQL LISTEN/NOTIFY). Open streams are bounded per ' +
  'user and per process (`CARE_EVENT_STREAMS_PER_USER`, `CARE_EVENT_STREAMS_PER_PROCESS`): beyond, 429 `/problems/too-many-streams` ' +
  'with `Retry-After`. A stream ends when its access token expires: reconnect with a fresh one and `Last-Event-ID`. Without `Accept: text/event-stream` the answer is 406 `/problems/not-acceptable`.';

/**
 * The stream ends when its access token expires, so that a ban or an ended session reaches open streams within ACCESS_TOKEN_TTL, and
 * the client reconnects with a fresh token and Last-Event-ID.
 */
function endAtTokenExpiry(request: FastifyRequest, close: () => void) {
  const timer = setTimeout(close, Math.max(0, request.user.tokenExpires * 1000 - Date.now()));
  timer.unref();
  return () => clearTimeout(timer);
}

const wantsEventStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

function reserveStream(hub: CareEventHub, request: FastifyRequest, reply: FastifyReply) {
  if (!wantsEventStream(request)) return;
  const reservation = hub.reserve(request.user.uid);
  if (typeof reservation !== 'function') {
    const bound = reservation === 'user' ? 'this user' : 'this server process';
    throw new HttpProblem(429, 'Too Many Requests', `Too many open event streams for ${bound}.`, {
      type: problemType('too-many-streams'),
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    });
  }
  reply.raw.once('close', reservation);
}

export function careEventRoutes(app: ServiceApp, hub: CareEventHub) {
  app.get(
    '/events/',
    {
      sse: true,
      config: { permission: 'care:read' },
      schema: {
        tags: ['care'],
        summary: 'Live events of the care requests (Server-Sent Events)',
        description: DESCRIPTION,
        security: BEARER,
        headers: Type.Object({
          'last-event-id': Type.Optional(
            Type.String({ maxLength: 64, description: 'the id of the last event received' }),
          ),
        }),
        response: { 200: Type.String({ description: 'text/event-stream' }), ...problems(401, 403, 406, 429) },
      },
      // a refusal must be answered before the stream starts: once the SSE handler runs, the answer is the stream
      preHandler: async (request, reply) => reserveStream(hub, request, reply),
    },
    async (request, reply) => {
      if (!wantsEventStream(request)) {
        throw new HttpProblem(406, 'Not Acceptable', 'This route answers text/event-stream only.', {
          type: problemType('not-acceptable'),
        });
      }
      reply.sse.keepAlive();
      reply.sse.sendHeaders();
      reply.raw.write(`retry: ${CARE_EVENTS_RECONNECT_MS}\n\n`);
      const sink = {
        write: (chunk: string) => void reply.raw.write(chunk),
        unsentBytes: () => reply.raw.writableLength,
        close: () => reply.sse.close(),
      };
      const detach = hub.attach(sink, reply.sse.lastEventId ?? undefined);
      const stopTimer = endAtTokenExpiry(request, sink.close);
      reply.sse.onClose(() => {
        detach();
        stopTimer();
      });
    },
  );
}
