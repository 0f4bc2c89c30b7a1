import path from 'node:path';
import type { PasswordHashCost } from './auth/passwords';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db';

/** A setting the server refuses to start with: its message is the one line the operator reads. */
export class ConfigError extends Error {}

/** Every setting of the server process, read once from the environment. docs/configuration.md lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL's statement, lock and reply time-out, and its connection time-out (server/db). */
  databaseStatementTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  secretKey?: string;
  adminUsername?: string;
  adminPassword?: string;
  /** argon2id's cost for new password hashes: OWASP's always, except in the test suite. */
  passwordHashCost: PasswordHashCost;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  throttle: ThrottleConfig;
  panelDir: string;
  serviceUrls: ServiceUrls;
  logLevel: string;
  /**
   * Whose X-Forwarded-For is believed: false (nobody's), the proxies' addresses and CIDR ranges, or a hop count (Fastify's
   * meaning: that many addresses from the right, the connecting proxy's included, are proxies). Never every entry: a client
   * writes what it likes to the left of what the proxies append.
   */
  trustProxy: false | number | string[];
  /** Origins whose pages may call the services (CORS); none by default. */
  corsOrigins: string[];
  /** How long requests and mail deliveries in flight may take to finish after SIGTERM before they are cut. */
  shutdownGraceMs: number;
  /** How long a graceful shutdown may take in all before the process exits anyway (with 1). */
  shutdownTimeoutMs: number;
  /** Bearer token for GET /api/metrics; without one, only loopback clients may read the metrics. */
  metricsToken?: string;
  http: HttpConfig;
  trust: TrustConfig;
  mail: MailConfig;
  files: FilesConfig;
  care: CareConfig;
}

/** The care-request intake's and care service's settings (server/intake, server/care). */
export interface CareConfig {
  /** Submissions per client address and minute on POST /api/intake/care-request/. */
  intakeRateLimit: number;
  /** Zip code prefixes of the core territory (where the agency places caregivers first). */
  coreTerritoryZipPrefixes: string[];
  /** Zip code prefixes of the optional territory; a zip code in the core territory is never also optional. */
  optionalTerritoryZipPrefixes: string[];
  /** How many leading digits of a mission zip code the lists show ("10xxx" for 2). */
  partialZipDigits: number;
  /** Addresses notified by mail of each accepted request; empty sends nothing. */
  notifyRecipients: string[];
  notifySender: string;
  /** Where staff open the panel (no trailing slash): the notification mail links to the request there. */
  panelUrl: string;
}

/** Sign-in and API-token throttling (server/auth/throttle.ts); docs/api.md compares it with Keycloak's defaults. */
export interface ThrottleConfig {
  /** Failed sign-ins of one username from one client address in the window before that pair is blocked until the window ends; 0 turns all sign-in throttling off. */
  userAddressMaxFailures: number;
  /** Failed sign-ins from one client address (any usernames) in the window before the address is blocked until the window ends. */
  addressMaxFailures: number;
  windowSeconds: number;
  /** Failed sign-ins of one username (any addresses) before each further attempt waits: the wait grows from waitIncrementSeconds, doubling up to maxWaitSeconds. */
  userMaxFailures: number;
  waitIncrementSeconds: number;
  maxWaitSeconds: number;
  /** A username's failures are forgotten after this long without one. */
  userResetSeconds: number;
  /** Failed API-token checks per client address in apiTokenWindowSeconds before 429; 0 turns it off. */
  apiTokenMaxFailures: number;
  apiTokenWindowSeconds: number;
  /** Sign-ins the throttle refuses are written as one audit event per username and address and this many seconds, with their count. */
  refusalEventSeconds: number;
}

/** Permissions, audit and retention (server/shared/permissions.ts, server/shared/audit.ts). */
export interface TrustConfig {
  /** 'roles': each route needs its permission from the role policy; 'open': every signed-in user may do everything (the specification's behaviour). */
  accessPolicy: 'roles' | 'open';
  auditRetentionDays: number;
  /** Contact data of a care request is erased this long after its submission. */
  careContactRetentionDays: number;
  /** Delivered mails are removed this long after delivery. */
  mailRetentionDays: number;
}

/** How long a client may take, and how many may be connected: so that slow or idle clients cannot starve the others. */
export interface HttpConfig {
  /** Until the request's headers are complete. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, is received (large uploads need minutes). */
  requestTimeoutMs: number;
  /** A connection that sends and receives nothing this long is closed. */
  idleTimeoutMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are refused until some close. */
  maxConnections: number;
}

/** The mail delivery engine's settings (server/mail). */
export interface MailConfig {
  /**
   * Deliveries in flight at once per process; also the most mails a crash can send twice. 16 on PostgreSQL, where more mails in
   * flight hide the database round trips; 4 on the embedded PGlite, whose work shares the process's thread and gains nothing from more.
   */
  concurrency: number;
  pollIntervalMs: number;
  /** How long a claimed mail stays reserved for its process (renewed while it is being sent); after a crash it is delivered again once this passes. */
  leaseSeconds: number;
  minBackoffSeconds: number;
  maxBackoffSeconds: number;
  maxAttempts: number;
  smtpTimeoutMs: number;
  workerEnabled: boolean;
  /** false accepts any TLS certificate of a provider (self-signed test peers); true verifies it against the system's CAs. */
  tlsVerify: boolean;
}

/** The file service's settings (server/files, server/storage). */
interface FilesConfig {
  maxUploadBytes: number;
  /** Present when S3_ENDPOINT, S3_BUCKET and the key pair are set: blobs then go there instead of DATA_DIR/files. */
  s3?: S3Config;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

interface ServiceUrls {
  authUrl: string;
  mailUrl: string;
  filesUrl: string;
  pricingUrl: string;
  careUrl: string;
  intakeUrl: string;
  auditUrl: string;
  /** Not a service: the agency's website, the default origin of the panel's create-care-request stepper. */
  agencyWebsite: string;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 storage is all or nothing: a half-configured store is an error rather than a silent fall-back to local disk. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length === S3_VARIABLES.length) return undefined;
  if (missing.length) throw new ConfigError(`S3 storage needs ${missing.join(', ')} as well`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', true),
  };
}

function list(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const raw = env[name] ?? fallback;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function zipPrefixes(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const prefixes = list(env, name, fallback);
  const wrong = prefixes.find((prefix) => !/^[0-9]{1,5}$/.test(prefix));
  if (wrong !== undefined) throw new ConfigError(`${name} must be a comma list of 1 to 5 digit zip code prefixes, got "${wrong}"`);
  return prefixes;
}

function emailAddresses(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const addresses = list(env, name, fallback);
  const wrong = addresses.find((address) => !/^[^\s@,]+@[^\s@,]+$/.test(address));
  if (wrong !== undefined) throw new ConfigError(`${name} must be a comma list of e-mail addresses, got "${wrong}"`);
  return addresses;
}

function website(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).origin;
  } catch {
    throw new ConfigError(`${name} must be an absolute URL such as https://www.example.org, got "${raw}"`);
  }
}

/** An absolute http(s) URL without its trailing slash (a panel served under a path keeps the path). */
function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL such as https://panel.example.org, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  return list(env, name, '').map((entry) => {
    try {
      return new URL(entry).origin;
    } catch {
      throw new ConfigError(`${name} must be a comma list of origins such as https://panel.example.org, got "${entry}"`);
    }
  });
}

/** Berlin's own zip codes (10xxx, 12xxx, 13xxx and 140xx-141xx); the rest of 14xxx-16xxx is the surrounding Brandenburg. */
const BERLIN_ZIP_PREFIXES = '10,12,13,140,141';
const BRANDENBURG_ZIP_PREFIXES = '14,15,16';
const DEFAULT_AGENCY_WEBSITE = 'https://www.caredesk.example';

function throttleConfig(env: NodeJS.ProcessEnv): ThrottleConfig {
  return {
    userAddressMaxFailures: integer(env, 'SIGN_IN_MAX_FAILURES', 5),
    addressMaxFailures: Math.max(1, integer(env, 'SIGN_IN_ADDRESS_MAX_FAILURES', 30)),
    windowSeconds: Math.max(1, integer(env, 'SIGN_IN_WINDOW', 15 * 60)),
    userMaxFailures: Math.max(1, integer(env, 'SIGN_IN_USER_MAX_FAILURES', 30)),
    waitIncrementSeconds: Math.max(1, integer(env, 'SIGN_IN_WAIT_INCREMENT', 60)),
    maxWaitSeconds: Math.max(1, integer(env, 'SIGN_IN_MAX_WAIT', 15 * 60)),
    userResetSeconds: Math.max(1, integer(env, 'SIGN_IN_USER_RESET', 12 * 3600)),
    apiTokenMaxFailures: integer(env, 'API_TOKEN_MAX_FAILURES', 20),
    apiTokenWindowSeconds: Math.max(1, integer(env, 'API_TOKEN_FAILURE_WINDOW', 10 * 60)),
    refusalEventSeconds: Math.max(1, integer(env, 'SIGN_IN_REFUSAL_EVENT_SECONDS', 60)),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  return {
    port: integer(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseStatementTimeoutMs: Math.max(100, integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS)),
    databaseConnectTimeoutMs: Math.max(100, integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS)),
    secretKey: secretKey(env),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: adminPassword(env),
    passwordHashCost: passwordHashCost(env),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 300),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    throttle: throttleConfig(env),
    panelDir: path.resolve(env.PANEL_DIR || 'dist'),
    serviceUrls: {
      authUrl: env.AUTH_URL || '/api/auth',
      mailUrl: env.MAIL_URL || '/api/mail',
      filesUrl: env.FILES_URL || '/api/files',
      pricingUrl: env.PRICING_URL || '/api/pricing',
      careUrl: env.CARE_URL || '/api/care',
      intakeUrl: env.INTAKE_URL || '/api/intake',
      auditUrl: env.AUDIT_URL || '/api/audit',
      agencyWebsite: website(env, 'AGENCY_WEBSITE', DEFAULT_AGENCY_WEBSITE),
    },
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    ...shutdownTimes(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    http: httpConfig(env),
    trust: {
      accessPolicy: accessPolicy(env),
      auditRetentionDays: Math.max(1, integer(env, 'AUDIT_RETENTION_DAYS', 400)),
      careContactRetentionDays: Math.max(1, integer(env, 'CARE_CONTACT_RETENTION_DAYS', 730)),
      mailRetentionDays: Math.max(1, integer(env, 'MAIL_RETENTION_DAYS', 90)),
    },
    mail: {
      concurrency: Math.max(1, integer(env, 'MAIL_CONCURRENCY', 16)),
      pollIntervalMs: integer(env, 'MAIL_POLL_INTERVAL_MS', 1000),
      leaseSeconds: Math.max(1, integer(env, 'MAIL_LEASE_SECONDS', 120)),
      minBackoffSeconds: integer(env, 'MAIL_MIN_BACKOFF', 300),
      maxBackoffSeconds: integer(env, 'MAIL_MAX_BACKOFF', 4000),
      maxAttempts: Math.max(1, integer(env, 'MAIL_MAX_ATTEMPTS', 10)),
      smtpTimeoutMs: integer(env, 'MAIL_SMTP_TIMEOUT_MS', 30_000),
      workerEnabled: flag(env, 'MAIL_WORKER', true),
      tlsVerify: flag(env, 'MAIL_TLS_VERIFY', true),
    },
    files: {
      maxUploadBytes: Math.max(1, integer(env, 'FILES_MAX_UPLOAD_BYTES', 1024 ** 3)),
      s3: s3Config(env),
    },
    care: careConfig(env),
  };
}

const SECRET_KEY_BYTES = 32;

/**
 * The key every token signature and stored secret derives from: at least 32 random bytes written as hex or base64, so that a
 * captured token cannot be checked against guessed keys. The text itself is the key material (keys set before stay valid).
 */
function secretKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SECRET_KEY;
  if (!raw) return undefined;
  // hex digits carry 4 bits each (a hex text is also valid base64, which would count 6)
  const bytes = /^[0-9a-fA-F]+$/.test(raw) ? Math.floor(raw.length / 2) : /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64').length : 0;
  if (bytes < SECRET_KEY_BYTES) {
    throw new ConfigError(
      `SECRET_KEY must be at least ${SECRET_KEY_BYTES} random bytes written as hex or base64 (generate one with: openssl rand -base64 ${SECRET_KEY_BYTES}); the one given holds ${bytes}`,
    );
  }
  return raw;
}

const ADMIN_PASSWORD_LENGTH = { min: 7, max: 1024 };

/** The first administrator's password, held to the API's length rule here; its commonness is checked at start (server/main.ts). */
function adminPassword(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.ADMIN_PASSWORD;
  if (!raw) return undefined;
  const length = [...raw].length;
  if (length < ADMIN_PASSWORD_LENGTH.min || length > ADMIN_PASSWORD_LENGTH.max) {
    throw new ConfigError(`ADMIN_PASSWORD must have ${ADMIN_PASSWORD_LENGTH.min} to ${ADMIN_PASSWORD_LENGTH.max} characters, as every password of the API`);
  }
  return raw;
}

const TRUST_PROXY_FORMS =
  'false, the number of proxies in front of Caredesk (1 for one reverse proxy), or their addresses/CIDRs (10.0.0.5, 10.1.0.0/16)';

function trustProxy(env: NodeJS.ProcessEnv): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new ConfigError(`TRUST_PROXY=true would believe every X-Forwarded-For entry, which any client can write; use ${TRUST_PROXY_FORMS}`);
  }
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 16) throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}; ${raw} hops is not a real deployment`);
    return hops;
  }
  const proxies = list(env, 'TRUST_PROXY', '');
  const wrong = proxies.find((entry) => !/^(?=.*[.:])[0-9a-fA-F:.]+(\/[0-9]{1,3})?$/.test(entry));
  if (wrong !== undefined) throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}; got "${wrong}"`);
  return proxies;
}

/** A cheaper hash makes a stolen database easier to crack, so only a process that says it runs the tests may choose it. */
function passwordHashCost(env: NodeJS.ProcessEnv): PasswordHashCost {
  const raw = env.PASSWORD_HASH_COST || 'owasp';
  if (raw !== 'owasp' && raw !== 'test') throw new ConfigError(`PASSWORD_HASH_COST must be owasp, got "${raw}"`);
  if (raw === 'test' && env.NODE_ENV !== 'test') throw new ConfigError('PASSWORD_HASH_COST=test is for the test suite only (NODE_ENV=test); production hashes at OWASP\'s cost');
  return raw;
}

/** What is left after the grace: storing the outcomes of cut deliveries and closing the database. */
const SHUTDOWN_AFTER_GRACE_MS = 5_000;

/** SHUTDOWN_GRACE_MS (20 s), and SHUTDOWN_TIMEOUT_MS (5 s more); with only the timeout set, the grace is half of it. */
function shutdownTimes(env: NodeJS.ProcessEnv): Pick<Config, 'shutdownGraceMs' | 'shutdownTimeoutMs'> {
  const timeoutSet = Boolean(env.SHUTDOWN_TIMEOUT_MS);
  const shutdownGraceMs = integer(env, 'SHUTDOWN_GRACE_MS', timeoutSet ? Math.floor(integer(env, 'SHUTDOWN_TIMEOUT_MS', 0) / 2) : 20_000);
  const shutdownTimeoutMs = Math.max(1000, integer(env, 'SHUTDOWN_TIMEOUT_MS', shutdownGraceMs + SHUTDOWN_AFTER_GRACE_MS));
  if (shutdownGraceMs >= shutdownTimeoutMs) {
    throw new ConfigError(`SHUTDOWN_GRACE_MS (${shutdownGraceMs}) must be shorter than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}), which ends the process whatever remains`);
  }
  return { shutdownGraceMs, shutdownTimeoutMs };
}

function accessPolicy(env: NodeJS.ProcessEnv): TrustConfig['accessPolicy'] {
  const raw = env.ACCESS_POLICY || 'roles';
  if (raw !== 'roles' && raw !== 'open') throw new ConfigError(`ACCESS_POLICY must be roles or open, got "${raw}"`);
  return raw;
}

function httpConfig(env: NodeJS.ProcessEnv): HttpConfig {
  const requestTimeoutMs = Math.max(1000, integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 15 * 60_000));
  return {
    // Node requires the headers' limit not to exceed the whole request's
    headersTimeoutMs: Math.min(requestTimeoutMs, Math.max(1000, integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000))),
    requestTimeoutMs,
    idleTimeoutMs: Math.max(1000, integer(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000)),
    keepAliveTimeoutMs: Math.max(1000, integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000)),
    maxConnections: Math.max(1, integer(env, 'HTTP_MAX_CONNECTIONS', 1024)),
  };
}

function careConfig(env: NodeJS.ProcessEnv): CareConfig {
  const partialZipDigits = integer(env, 'PARTIAL_ZIP_DIGITS', 2);
  if (partialZipDigits < 1 || partialZipDigits > 4) throw new ConfigError(`PARTIAL_ZIP_DIGITS must be 1 to 4, got "${partialZipDigits}"`);
  const agencyHost = new URL(website(env, 'AGENCY_WEBSITE', DEFAULT_AGENCY_WEBSITE)).hostname.replace(/^www\./, '');
  return {
    intakeRateLimit: Math.max(1, integer(env, 'INTAKE_RATE_LIMIT', 30)),
    coreTerritoryZipPrefixes: zipPrefixes(env, 'CORE_TERRITORY_ZIP_PREFIXES', BERLIN_ZIP_PREFIXES),
    optionalTerritoryZipPrefixes: zipPrefixes(env, 'OPTIONAL_TERRITORY_ZIP_PREFIXES', BRANDENBURG_ZIP_PREFIXES),
    partialZipDigits,
    notifyRecipients: emailAddresses(env, 'CARE_REQUEST_NOTIFY', ''),
    notifySender: emailAddresses(env, 'CARE_REQUEST_NOTIFY_SENDER', `caredesk@${agencyHost}`)[0] ?? `caredesk@${agencyHost}`,
    panelUrl: baseUrl(env, 'PANEL_URL', 'http://localhost:8080'),
  };
}
