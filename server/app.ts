import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database } from './db';
import { assertPermissionDeclared, createAuthentication, documentPermission, guardServices } from './authentication';
import { registerBrowserHardening } from './shared/browser-hardening';
import { registerCompression } from './shared/compression';
import { documentProblemMediaType } from './shared/problem-docs';
import {
  answerFailedExpectation,
  installProblemHandlers,
  problemClientErrorHandler,
  problemFrameworkErrors,
  refuseConnect,
  type PageFallback,
} from './shared/problem';
import { documentJsonFilters } from './shared/paging';
import { keepIdempotentAnswers } from './shared/idempotency';
import { NoQuery } from '../contracts/common';
import { apiTokenAdministration } from './api-tokens';
import { auditService } from './audit';
import { authService } from './auth';
import { mailService } from './mail';
import { intakeService } from './intake';
import { careService } from './care';
import { filesService } from './files';
import { healthRoutes } from './health';
import { metricsRoutes } from './metrics';
import { RequestLog, requestLine, requestLoggerFactory } from './request-log';
import { createBlobStorage, LocalBlobStorage } from './storage';
import { pricingService } from './pricing';

interface AppOptions {
  config: Config;
  database: Database;
  masterSecret: Buffer;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the OpenID Connect provider's word on its sessions; tests move it. */
  now?: () => number;
}

/** Secrets that must never reach a log line, wherever a request or error object is logged. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
];

/** The app's own logger, or the caller's options (tests write to a stream); either way requests are logged as requestLine shows them. */
function loggerOptions(logger: AppOptions['logger'], config: Config): AppOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const options = logger === true ? { level: config.logLevel, redact: REDACTED_PATHS } : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLine } };
}

/**
 * Fastify takes addresses as they are; a hop count it reads as "trust nobody" (it cannot tell the proxy from a direct client), so
 * the count becomes a function with Express's meaning: the connecting peer and the next hops - 1 entries from the right are proxies.
 * docs/operations.md says why the service must then be reachable only through them.
 */
function proxyTrust(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

export async function buildApp({
  config,
  database,
  masterSecret,
  logger = false,
  now,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logger, config),
    logController: new RequestLog(),
    ...(logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: problemClientErrorHandler,
    frameworkErrors: problemFrameworkErrors,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    // Node checks the header and request limits at this interval (30 s by default): a slow client is closed soon after its limit
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.maxConnections = config.http.maxConnections;
  app.server.on('checkExpectation', answerFailedExpectation);
  app.server.on('connect', refuseConnect);

  // the agency's website is only a link of the panel: the panel never calls it
  const { agencyWebsite: _link, ...serviceUrls } = config.serviceUrls;
  await registerBrowserHardening(app, { serviceUrls: Object.values(serviceUrls), corsOrigins: config.corsOrigins });
  await registerCompression(app);
  installProblemHandlers(app, panelFallback(app, config.panelDir));
  app.addHook('onRoute', refuseUnknownQueryParameters);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Caredesk services', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } },
      },
    },
    transformObject: documentProblemMediaType,
    transform: documentJsonFilters,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config.serviceUrls;
  });
  const storage = createBlobStorage(config);
  // a temporary file older than the longest request can only be left over from a process that died mid-upload
  if (storage instanceof LocalBlobStorage) await storage.removeStalePartials(config.http.requestTimeoutMs);
  healthRoutes(app, { database, storage });
  metricsRoutes(app, { database, token: config.metricsToken });

  // One authentication guards every service route; each route's config says what it admits and, for users, which permission
  // they need (a service route that admits users without one stops the start; the routes above are not services').
  app.addHook('onRoute', assertPermissionDeclared);
  app.addHook('onRoute', documentPermission);
  const apiTokenThrottle = {
    maxFailures: config.throttle.apiTokenMaxFailures,
    windowSeconds: config.throttle.apiTokenWindowSeconds,
  };
  const authentication = createAuthentication({
    database,
    masterSecret,
    accessPolicy: config.trust.accessPolicy,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    apiTokenThrottle,
  });
  app.addHook('onClose', () => authentication.stop());
  await authentication.started;
  const { db } = database;
  await app.register(
    async (api) => {
      guardServices(api, authentication);
      keepIdempotentAnswers(api, masterSecret);
      await api.register(authService, {
        prefix: '/auth',
        db,
        config,
        masterSecret,
        userChanges: authentication.changes,
        now,
      });
      await api.register(mailService, { prefix: '/mail', db, masterSecret });
      await api.register(intakeService, { prefix: '/intake', db, care: config.care });
      await api.register(careService, { prefix: '/care', db, database, config });
      await api.register(filesService, { prefix: '/files', db, config, storage });
      await api.register(apiTokenAdministration, { prefix: '/files', db, scope: 'files', tags: ['files'] });
      await api.register(pricingService, { prefix: '/pricing', db });
      await api.register(apiTokenAdministration, { prefix: '/pricing', db, scope: 'pricing', tags: ['pricing'] });
      await api.register(auditService, { prefix: '/audit', db });
    },
    { prefix: '/api' },
  );

  return app;
}

const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is well formed (a proxy's or a client's, so logs can be followed across), else a new one. */
function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** One rule for every service route (docs/api.md): a route that declares no query parameters refuses any. */
function refuseUnknownQueryParameters(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.schema?.querystring) return;
  route.schema = { ...route.schema, querystring: NoQuery };
}

/** Serves the built panel's files; any other page path gets index.html so that client-side routes survive a reload. */
function panelFallback(app: FastifyInstance, panelDir: string): PageFallback | undefined {
  if (!existsSync(path.join(panelDir, 'index.html'))) return undefined;
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').sendFile('index.html', { cacheControl: false });
  app.register(fastifyStatic, {
    root: panelDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    // the build writes .br and .gz next to each larger file (vite.config.ts); sent as the client accepts, with Vary
    preCompressed: true,
    // source maps stay on the build machine
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    // hashed file names change with their content: cache them for a year; anything else revalidates (index.html: never stored)
    setHeaders: (response, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        response.header('cache-control', 'public, max-age=31536000, immutable');
      else if (!response.getHeader('cache-control')) response.header('cache-control', 'no-cache');
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return (request, reply) => {
    if (!isPageNavigation(request)) return false;
    sendIndex(reply);
    return true;
  };
}

/**
 * A browser opening a page of the panel: a GET that accepts HTML, outside /api/, for a path whose last segment names no file
 * (`/users/`, `/mailman/providers/add/`; not `/assets/missing.js`). Anything else without a route is a 404 problem.
 */
function isPageNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return (
    request.method === 'GET' &&
    !path.startsWith('/api/') &&
    !lastSegment.includes('.') &&
    /\btext\/html\b/.test(request.headers.accept ?? '')
  );
}
