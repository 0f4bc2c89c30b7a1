import type { RuntimeConfig } from '../../contracts/runtime-config';

/** argon2id's cost for new password hashes (PASSWORD_HASH_COST); the parameters of each are the auth service's (auth/passwords.ts). */
export type PasswordHashCost = 'owasp' | 'test';

/** Every setting of the server process, derived from the environment variables declared in variables/. */
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
  /** Days a user whose roles require a second factor may sign in without one. */
  secondFactorGraceDays: number;
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
  /** Sign-in at the agency's OpenID Connect provider: absent without OIDC_ISSUER. */
  oidc?: OidcConfig;
}

/** The OpenID Connect provider staff may sign in at (server/auth/oidc/). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Absent: Caredesk is a public client (PKCE alone proves the code). */
  clientSecret?: string;
  /** The login page's button: "Sign in with {name}". */
  name: string;
  scopes: string;
  /** The claim whose values roleMap maps to roles; a dotted path reaches into an object claim. */
  rolesClaim: string;
  /** Claim value → its roles; empty: the provider manages no roles. */
  roleMap: Map<string, string[]>;
  /** A first sign-in that links to no user creates one (with at least one mapped role). */
  createUsers: boolean;
  /** After a failed discovery, the next attempt waits this long for someone to ask again (tests shorten it). */
  discoveryRetryMs: number;
  /** Seconds a request to the provider may take before it counts as unanswered (tests shorten it). */
  timeoutSeconds: number;
}

/** A language the mails to staff are written in (AGENCY_LANGUAGE). */
export type MailLanguage = 'en' | 'de';

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
  /** The language of the notices and assignment mails. */
  mailLanguage: MailLanguage;
  /** Where staff open the panel (no trailing slash): the notification mail links to the request there. */
  panelUrl: string;
  /** Bounds of the open live-event streams (GET /api/care/events/), per user and per process. */
  eventStreams: { perUser: number; perProcess: number };
  /** Between heartbeats of an idle event stream (CARE_EVENTS_HEARTBEAT_SECONDS; tests shorten it). */
  eventHeartbeatMs: number;
}

/** Sign-in and API-token throttling (server/authentication/throttle.ts); docs/api.md compares it with Keycloak's defaults. */
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
  /** Deliveries in flight at once per process (MAIL_CONCURRENCY); also the most mails a crash can send twice. */
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
export interface FilesConfig {
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

/** The panel's runtime configuration as this server publishes it: the agency website is always set here ('' when unknown). */
export type ServiceUrls = Required<RuntimeConfig>;
