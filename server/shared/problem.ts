import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemType, type ProblemSlug } from '../../contracts/problem-types';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** An RFC 9457 problem: what every error response of every service carries. */
interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  field?: string;
  [extension: string]: unknown;
}

/** Thrown anywhere in a route; the error handler turns it into a problem body. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extensions: { field?: string; type?: string; headers?: Record<string, string> } & Record<
      string,
      unknown
    > = {},
  ) {
    super(detail);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  408: 'Request Timeout',
  414: 'URI Too Long',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Fastify's errors about the request body as a whole. */
const BODY_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

export { problemType } from '../../contracts/problem-types';

/** The stable type of an error Fastify itself raises, by its status (docs/api.md lists every type). */
const TYPES_BY_STATUS: Record<number, ProblemSlug> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  409: 'conflict',
  413: 'content-too-large',
  415: 'unsupported-media-type',
  408: 'request-timeout',
  414: 'uri-too-long',
  416: 'range-not-satisfiable',
  417: 'expectation-failed',
  429: 'rate-limited',
  431: 'request-header-fields-too-large',
};

function fastifyErrorType(error: FastifyError, status: number): string {
  if (status === 500) return 'about:blank';
  if (BODY_ERRORS.has(error.code) || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
    return problemType('malformed-body');
  return problemType(TYPES_BY_STATUS[status] ?? 'http-error');
}

/** 400; `slug` names the problem when it is more than a field failing its schema. */
export const badRequest = (detail: string, field?: string, slug: ProblemSlug = 'validation-error') =>
  new HttpProblem(400, 'Bad Request', detail, { field, type: problemType(slug) });
export const unauthorized = (detail: string, slug: ProblemSlug = 'unauthorized') =>
  new HttpProblem(401, 'Unauthorized', detail, { type: problemType(slug) });
export const notFound = (detail: string, field: string | undefined, slug: ProblemSlug) =>
  new HttpProblem(404, 'Not Found', detail, { field, type: problemType(slug) });
export const conflict = (detail: string, field: string | undefined, slug: ProblemSlug) =>
  new HttpProblem(409, 'Conflict', detail, { field, type: problemType(slug) });
/** 403 naming the permission the caller lacks (docs/api.md, Permissions). */
export const forbidden = (permission: string, detail = `This needs the permission ${permission}.`) =>
  new HttpProblem(403, 'Forbidden', detail, { type: problemType('forbidden'), permission });

/** A read-only field of a body (one that GET returns) that disagrees with the path or the stored object. */
export const readOnlyMismatch = (field: string, detail = `${field} is read-only and differs from the stored value.`) =>
  badRequest(detail, field, 'read-only-field');

function sendProblem(reply: FastifyReply, problem: Problem, headers: Record<string, string> = {}) {
  reply.headers(headers).code(problem.status).type('application/problem+json').send(problem);
}

/** The first JSON-schema error and the property it names as missing or unknown, if any. */
function firstValidationError(error: FastifyError) {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  return { first, missing: params.missingProperty, additional: params.additionalProperty };
}

/** The field a JSON-schema error is about, as a dotted path ("roles.0"), or the request part when the whole part is wrong. */
function fieldOf(error: FastifyError): string | undefined {
  const { first, missing, additional } = firstValidationError(error);
  if (!first) return undefined;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const leaf = missing ?? additional;
  if (leaf) return path ? `${path}.${leaf}` : leaf;
  return path || error.validationContext;
}

function validationDetail(error: FastifyError): string {
  const { first, missing, additional } = firstValidationError(error);
  if (!first) return error.message;
  const field = fieldOf(error);
  if (additional) return `${field} is not a known field`;
  if (missing) return `${field} is required`;
  return `${field ?? error.validationContext} ${first.message}`;
}

/** Answers a request no route matched, when it is a page of the panel; returns false to leave it a 404. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** Installs the handlers that make every error of the app, thrown or from Fastify itself, a problem body. */
export function installProblemHandlers(app: FastifyInstance, pageFallback?: PageFallback) {
  app.setErrorHandler((error: FastifyError | HttpProblem, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpProblem) {
      const { headers, type, ...extensions } = error.extensions;
      return sendProblem(
        reply,
        {
          type: type ?? problemType(TYPES_BY_STATUS[error.status] ?? 'http-error'),
          title: error.title,
          status: error.status,
          detail: error.detail,
          ...withoutUndefined(extensions),
        },
        headers,
      );
    }
    if (error.validation) {
      const field = fieldOf(error);
      return sendProblem(reply, {
        type: problemType('validation-error'),
        title: 'Bad Request',
        status: 400,
        detail: validationDetail(error),
        ...(field ? { field } : {}),
      });
    }
    const databaseFault = databaseFaultOf(error);
    if (databaseFault) {
      request.log.warn({ err: withoutQueryParameters(error) }, `database ${databaseFault}`);
      const detail =
        databaseFault === 'unreachable'
          ? 'The database is not reachable; try again shortly.'
          : 'The database did not answer in time; try again shortly.';
      return sendProblem(
        reply,
        { ...problemOf(503, detail), type: problemType('database-unavailable') },
        { 'retry-after': String(RETRY_AFTER_OUTAGE_SECONDS) },
      );
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: withoutQueryParameters(error) }, 'unhandled error');
    const headers: Record<string, string> = {};
    const retryAfter = reply.getHeader('retry-after');
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    return sendProblem(
      reply,
      {
        type: fastifyErrorType(error, status),
        title: TITLES[status] ?? 'Error',
        status,
        detail: status === 500 ? 'An unexpected error occurred.' : error.message,
        ...(status === 400 && BODY_ERRORS.has(error.code) ? { field: 'body' } : {}),
      },
      headers,
    );
  });
  app.setNotFoundHandler((request, reply) => {
    if (pageFallback?.(request, reply)) return;
    sendProblem(reply, {
      type: problemType('not-found'),
      title: 'Not Found',
      status: 404,
      detail: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

const RETRY_AFTER_OUTAGE_SECONDS = 5;

/** Connection-level failures of the database (refused, reset, terminated, server shutting down): SQLSTATE class 08 and 57P. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const OUTAGE_MESSAGE =
  /Connection terminated|connection timeout|Connection ended|Client has encountered a connection error|not queryable/i;
/** The statement or lock time-out (the server cancelled), no reply within the read time-out, no pooled connection in time. */
const TIMEOUT_CODES = new Set(['57014', '55P03']);
const TIMEOUT_MESSAGE = /^Query read timeout$|^timeout exceeded when trying to connect$/;

/** Whether the error, or one of its causes (Drizzle wraps the driver's), says the database cannot be reached or did not answer in time. */
function databaseFaultOf(error: unknown): 'unreachable' | 'timed out' | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code: given } = current as { code?: unknown };
    // Node's system errors and PostgreSQL's SQLSTATE name themselves with a string
    const code = typeof given === 'string' ? given : '';
    if (OUTAGE_CODES.has(code) || code.startsWith('08') || OUTAGE_MESSAGE.test(current.message)) return 'unreachable';
    if (TIMEOUT_CODES.has(code) || TIMEOUT_MESSAGE.test(current.message)) return 'timed out';
  }
  return undefined;
}

function withoutUndefined(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** Drizzle's query errors carry the query's parameters (password hashes, token hashes) in their message: log only the cause and the SQL. */
function withoutQueryParameters(error: Error): unknown {
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string' || !('params' in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: `Failed query: ${query}`,
    cause: cause && { type: cause.name, message: cause.message, code: (cause as { code?: unknown }).code },
  };
}

const problemOf = (status: number, detail: string): Problem => ({
  type: problemType(TYPES_BY_STATUS[status] ?? 'bad-request'),
  title: TITLES[status] ?? 'Bad Request',
  status,
  detail,
});

/** Statuses of what Node's HTTP parser refuses, by its error code; anything else it cannot parse is a 400. */
const PARSER_STATUSES: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (oversized headers, a malformed request line or chunked body)
 * gets a problem body too, then the connection is closed. When an answer to the request is already on its way, the parser's
 * complaint only closes the connection: one request never gets two responses.
 */
export function problemClientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answering = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const status = PARSER_STATUSES[error.code ?? ''] ?? 400;
    socket.write(
      rawProblemAnswer(status, status === 400 ? 'The request is malformed.' : (TITLES[status] ?? 'Bad Request')),
    );
  }
  socket.destroy();
}

/** A whole HTTP/1.1 answer carrying a problem, for a socket no Fastify reply owns; it closes the connection. */
function rawProblemAnswer(status: number, detail: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify(problemOf(status, detail));
  const head = {
    ...headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  return `HTTP/1.1 ${status} ${TITLES[status]}\r\n${Object.entries(head)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}`;
}

/** The methods the services answer; a CONNECT's 405 names them. */
const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The server's `connect` listener: Node hands a CONNECT to it instead of to Fastify (without one it drops the connection
 * unanswered). The services tunnel nothing, so it is 405 as a problem, and the connection is closed.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex) {
  // the socket is ours now: without a listener, a client resetting it would be an uncaught error
  socket.on('error', () => socket.destroy());
  const refuse = () =>
    socket.end(
      rawProblemAnswer(405, 'CONNECT is not supported: the services tunnel nothing.', { Allow: SERVED_METHODS }),
    );
  // a request sent before it on the same connection is answered first
  const answering = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (answering && !answering.writableFinished) answering.once('finish', refuse);
  else refuse();
}

/** Fastify's `frameworkErrors`: a URL the router cannot decode (400) or a path parameter over its length (414), as problems. */
export const problemFrameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const status = error.statusCode === 414 ? 414 : 400;
  sendProblem(reply, problemOf(status, status === 414 ? 'A path segment is too long.' : 'The URL is malformed.'));
};

/** A request whose `Expect` header the server cannot meet (anything but 100-continue) gets 417 as a problem. */
export function answerFailedExpectation(_request: IncomingMessage, response: ServerResponse) {
  const body = JSON.stringify(problemOf(417, 'Only "Expect: 100-continue" is supported.'));
  response.writeHead(417, {
    'content-type': 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}
