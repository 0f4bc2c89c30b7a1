import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** JSON answers (problem bodies included); the panel's files come precompressed from the build (vite.config.ts). */
const COMPRESSIBLE = /^application\/(?:[\w.-]+\+)?json\b/;

/**
 * Compresses the services' JSON answers of 1 kB and more with brotli or gzip, as the client accepts. Not compressed per
 * request: the panel's files (precompressed at build, or too small to gain), and routes that answer binary content (file
 * downloads), whose ETag, Content-Length and byte ranges describe the stored bytes. Request bodies are not decompressed
 * (a small compressed body could unpack into a huge one).
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || answersBinary(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: (type: string) => COMPRESSIBLE.test(type),
    globalDecompression: false,
  });
}

function answersBinary(route: RouteOptions): boolean {
  const responses = Object.values(
    (route.schema?.response ?? {}) as Record<string, { content?: Record<string, unknown> }>,
  );
  return responses.some((response) => response?.content?.['application/octet-stream'] !== undefined);
}
