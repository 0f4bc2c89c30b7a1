import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';

/** A bare Fastify app: GET /bare answers {ok: true}, POST /bare (JSON) answers 201 {ok: true}. */
export function bareApp(): FastifyInstance {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/bare', () => ({ ok: true }));
  app.post('/bare', async (_request, reply) => reply.code(201).send({ ok: true }));
  return app;
}

/** Run as a program (bench/processes.ts): the bare app on an ephemeral port of 127.0.0.1, its address printed, until SIGTERM. */
async function serve() {
  const app = bareApp();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  console.log(`Server listening at ${address}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serve();
