import { Type } from '@sinclair/typebox';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from '../../db';
import { text, wholeNumber } from '../variable-types';

export const SHUTDOWN_GRACE_MS = 20_000;
/** What is left after the grace: storing the outcomes of cut deliveries and closing the database. */
export const SHUTDOWN_AFTER_GRACE_MS = 5_000;

/** The process: where it listens and keeps its data, its database, its panel, its logs and its shutdown. */
export const processVariables = {
  PORT: wholeNumber({ default: 8080, description: 'HTTP port' }),
  HOST: text({ default: '0.0.0.0', description: 'address to bind' }),
  DATA_DIR: text({
    default: './data',
    description: 'data folder: the PGlite database (`pglite/`) and the generated secret key (`secret.key`)',
  }),
  DATABASE_URL: Type.Optional(
    text({
      description: '`postgres://…` uses that PostgreSQL server instead of PGlite; migrations run on start on either',
    }),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber({
    default: DEFAULT_STATEMENT_TIMEOUT_MS,
    atLeast: 100,
    description:
      'PostgreSQL: the longest a statement or a lock wait may take (the server cancels it), and a reply may be awaited (1 s more); the request then answers 503 (see [The database](operations.md#the-database))',
  }),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber({
    default: DEFAULT_CONNECT_TIMEOUT_MS,
    atLeast: 100,
    description: "PostgreSQL: the longest a new connection, or a request's wait for a free pooled one, may take",
  }),
  // both defaults depend on which of the two is set, so they are derived (load-config.ts) rather than declared
  SHUTDOWN_GRACE_MS: Type.Optional(
    wholeNumber({
      shownDefault: `\`${SHUTDOWN_GRACE_MS}\` (half of \`SHUTDOWN_TIMEOUT_MS\` when only that is set)`,
      description:
        'how long requests and mail deliveries in flight may take to finish after `SIGTERM` before they are cut (see [Graceful shutdown](operations.md#graceful-shutdown))',
    }),
  ),
  SHUTDOWN_TIMEOUT_MS: Type.Optional(
    wholeNumber({
      shownDefault: `\`SHUTDOWN_GRACE_MS\` + ${SHUTDOWN_AFTER_GRACE_MS}`,
      atLeast: 1000,
      description:
        'the longest a graceful shutdown takes in all; the process then exits with 1. Must exceed `SHUTDOWN_GRACE_MS`',
    }),
  ),
  METRICS_TOKEN: Type.Optional(
    text({
      secret: true,
      description:
        'bearer token that may read `GET /api/metrics`; without it only loopback clients may (see [Metrics and health](operations.md#metrics-and-health))',
    }),
  ),
  PANEL_DIR: text({
    default: './dist',
    description: 'the built panel to serve; `npm start` builds it when missing or stale (unless `PANEL_DIR` is set)',
  }),
  LOG_LEVEL: text({
    default: 'info',
    description:
      'pino log level. One line per request, when it is answered (method, URL, status, time, request id): at `info` for 4xx, 5xx and requests slower than 1 s, at `debug` for the rest',
  }),
};
