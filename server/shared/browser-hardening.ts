import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

interface HardeningOptions {
  /** Origins of other deployments the panel may call (AUTH_URL and the like, when absolute). */
  serviceUrls: string[];
  /** Origins allowed to call the services from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined; // a same-origin path such as /api/auth
  }
};

/**
 * Security headers on every answer (docs/operations.md, Browser hardening): a Content-Security-Policy without inline scripts (MUI's
 * emotion needs inline styles), no framing, nosniff, no referrer; `no-store` on every service answer, which carries data
 * (a route that allows caching sets its own); the request id; and CORS only for the configured origins. One hook sets them
 * all: the hooks every request runs are a fair share of a cheap request's time (bench/auth.ts).
 */
export async function registerBrowserHardening(app: FastifyInstance, { serviceUrls, corsOrigins }: HardeningOptions) {
  const pageHeaders = securityHeadersFor(serviceUrls);
  const serviceHeaders = { ...pageHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? serviceHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  if (corsOrigins.length) {
    await app.register(fastifyCors, {
      origin: corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
      exposedHeaders: ['retry-after', 'x-request-id'],
    });
  }
}

function securityHeadersFor(serviceUrls: string[]): Record<string, string> {
  const serviceOrigins = [
    ...new Set(serviceUrls.map(originOf).filter((origin): origin is string => origin !== undefined)),
  ];
  return headersSetBy({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...serviceOrigins],
        objectSrc: ["'none'"],
        // the file preview frames a PDF the panel fetched with its token, as an object URL
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS belongs to the TLS proxy in front (docs/operations.md), which knows whether the site is HTTPS only
    strictTransportSecurity: false,
  });
}

/**
 * The headers helmet sets for these options, recorded once. They depend on no request, and @fastify/helmet would rebuild
 * helmet's middleware (parsing the policy again) on every request: a sixth of a cheap request's time (bench/auth.ts).
 */
function headersSetBy(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options', { cause: error });
  });
  return headers;
}
