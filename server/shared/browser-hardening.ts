import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * Security headers on every answer (README, "Browser hardening"): a Content-Security-Policy without inline scripts (MUI's
 * emotion needs inline styles), no framing, nosniff, no referrer; `no-store` on every service answer, which carries data;
 * and CORS only for the configured origins.
 */
export async function registerBrowserHardening(app: FastifyInstance, { serviceUrls, corsOrigins }: HardeningOptions) {
  const serviceOrigins = [...new Set(serviceUrls.map(originOf).filter((origin): origin is string => origin !== undefined))];
  await app.register(fastifyHelmet, {
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
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS belongs to the TLS proxy in front (README, "Operating Caredesk"), which knows whether the site is HTTPS only
    strictTransportSecurity: false,
  });
  if (corsOrigins.length) {
    await app.register(fastifyCors, { origin: corsOrigins, methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'], maxAge: 600, exposedHeaders: ['retry-after', 'x-request-id'] });
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
