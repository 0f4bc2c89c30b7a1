import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** A request that succeeds faster than this is logged at debug only. */
const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, when it is answered (Fastify's own are off): at info for a refusal or an error (4xx, 5xx) and for a slow
 * one, which is what an operator looks for; every other at debug (LOG_LEVEL=debug), so that a busy panel does not bury the rest.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const level = error || reply.statusCode >= 400 || reply.elapsedTime >= SLOW_REQUEST_MS ? 'info' : 'debug';
    request.log[level](
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime), ...(error ? { err: error } : {}) },
      'request completed',
    );
  }
}

/**
 * The provider's redirect to the sign-in's callback carries its authorization code and state in the query (a URL the request line
 * would show): their values never reach a log, whatever the path's prefix and whether a route matched.
 */
const CALLBACK_PATH = /\/oidc\/callback(\/|$)/;
const SECRET_PARAMETERS = new Set(['code', 'state']);

/** The URL as a log line shows it: the callback's code and state redacted. */
function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1 || !CALLBACK_PATH.test(decodedPath(url.slice(0, query)))) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      // the name as the query's parser reads it (`%63ode` is code)
      const [name] = new URLSearchParams(pair).keys();
      return name !== undefined && SECRET_PARAMETERS.has(name) ? `${pair.split('=', 1)[0]}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

/** The path as the router reads it (`%63allback` is callback); one that cannot be decoded as it is. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** pino's serializer of `req` (Fastify's fields), with the URL as loggedUrl shows it. */
export function requestLine(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LineLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's logger, which Fastify creates from its logger options: it can say whether a level is written. */
interface LevelAwareLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/**
 * Fastify's childLoggerFactory for a pino logger: each request's logger binds its request id (`reqId`) to every line it writes, as
 * pino's child logger does, but makes that child only when the request first writes a line at a level that is written. Most
 * requests write none (their one line is at debug), and a child logger made for every request was a measurable part of a cheap
 * request's time (bench/auth.ts). A route with its own log level or serializers gets pino's child at once.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const writesLazily =
    options.level === undefined &&
    options.serializers === undefined &&
    typeof (logger as Partial<LevelAwareLogger>).isLevelEnabled === 'function';
  return writesLazily ? new RequestLogger(logger as LevelAwareLogger, bindings) : logger.child(bindings, options);
}

class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly bindings: Bindings,
  ) {}

  get level() {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.bound().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.bound().child(bindings, options);
  }

  fatal(...line: unknown[]) {
    this.write('fatal', line);
  }

  error(...line: unknown[]) {
    this.write('error', line);
  }

  warn(...line: unknown[]) {
    this.write('warn', line);
  }

  info(...line: unknown[]) {
    this.write('info', line);
  }

  debug(...line: unknown[]) {
    this.write('debug', line);
  }

  trace(...line: unknown[]) {
    this.write('trace', line);
  }

  silent() {}

  /** pino's child logger with the request's bindings, made on first use. */
  private bound(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: LineLevel, line: unknown[]) {
    // once made, the child decides: a level may have been set on it
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    const logger = this.bound();
    logger[level](...(line as Parameters<typeof logger.info>));
  }
}
