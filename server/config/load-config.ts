import path from 'node:path';
import { CARE_EVENTS_HEARTBEAT_SECONDS } from '../../contracts/care-workflow';
import { ConfigError } from './config-error';
import { readEnvironment } from './read-environment';
import type { CareConfig, Config, HttpConfig, MailLanguage, OidcConfig, PasswordHashCost, S3Config } from './types';
import { Environment, SHUTDOWN_AFTER_GRACE_MS, SHUTDOWN_GRACE_MS } from './variables';

/** The server's settings from the environment variables declared in variables/, or a ConfigError naming the one that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const variables = readEnvironment(env);
  return {
    port: variables.PORT,
    host: variables.HOST,
    dataDir: path.resolve(variables.DATA_DIR),
    databaseUrl: variables.DATABASE_URL,
    databaseStatementTimeoutMs: variables.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: variables.DATABASE_CONNECT_TIMEOUT_MS,
    secretKey: variables.SECRET_KEY,
    adminUsername: variables.ADMIN_USERNAME,
    adminPassword: variables.ADMIN_PASSWORD,
    passwordHashCost: passwordHashCost(variables.PASSWORD_HASH_COST, env.NODE_ENV),
    accessTokenTtlSeconds: variables.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: variables.REFRESH_TOKEN_TTL,
    secondFactorGraceDays: variables.SECOND_FACTOR_GRACE_DAYS,
    throttle: {
      userAddressMaxFailures: variables.SIGN_IN_MAX_FAILURES,
      addressMaxFailures: variables.SIGN_IN_ADDRESS_MAX_FAILURES,
      windowSeconds: variables.SIGN_IN_WINDOW,
      userMaxFailures: variables.SIGN_IN_USER_MAX_FAILURES,
      waitIncrementSeconds: variables.SIGN_IN_WAIT_INCREMENT,
      maxWaitSeconds: variables.SIGN_IN_MAX_WAIT,
      userResetSeconds: variables.SIGN_IN_USER_RESET,
      apiTokenMaxFailures: variables.API_TOKEN_MAX_FAILURES,
      apiTokenWindowSeconds: variables.API_TOKEN_FAILURE_WINDOW,
      refusalEventSeconds: variables.SIGN_IN_REFUSAL_EVENT_SECONDS,
    },
    panelDir: path.resolve(variables.PANEL_DIR),
    serviceUrls: {
      authUrl: variables.AUTH_URL,
      mailUrl: variables.MAIL_URL,
      filesUrl: variables.FILES_URL,
      pricingUrl: variables.PRICING_URL,
      careUrl: variables.CARE_URL,
      intakeUrl: variables.INTAKE_URL,
      auditUrl: variables.AUDIT_URL,
      agencyWebsite: new URL(variables.AGENCY_WEBSITE).origin,
    },
    logLevel: variables.LOG_LEVEL,
    trustProxy: variables.TRUST_PROXY,
    corsOrigins: variables.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    ...shutdownTimes(variables),
    metricsToken: variables.METRICS_TOKEN,
    http: httpConfig(variables),
    trust: {
      accessPolicy: variables.ACCESS_POLICY,
      auditRetentionDays: variables.AUDIT_RETENTION_DAYS,
      careContactRetentionDays: variables.CARE_CONTACT_RETENTION_DAYS,
      mailRetentionDays: variables.MAIL_RETENTION_DAYS,
    },
    mail: {
      concurrency: variables.MAIL_CONCURRENCY,
      pollIntervalMs: variables.MAIL_POLL_INTERVAL_MS,
      leaseSeconds: variables.MAIL_LEASE_SECONDS,
      minBackoffSeconds: variables.MAIL_MIN_BACKOFF,
      maxBackoffSeconds: variables.MAIL_MAX_BACKOFF,
      maxAttempts: variables.MAIL_MAX_ATTEMPTS,
      smtpTimeoutMs: variables.MAIL_SMTP_TIMEOUT_MS,
      workerEnabled: variables.MAIL_WORKER,
      tlsVerify: variables.MAIL_TLS_VERIFY,
    },
    files: {
      maxUploadBytes: variables.FILES_MAX_UPLOAD_BYTES,
      s3: s3Config(variables),
    },
    care: careConfig(variables),
    oidc: oidcConfig(variables),
  };
}

function passwordHashCost(cost: PasswordHashCost, nodeEnv: string | undefined): PasswordHashCost {
  if (cost === 'test' && nodeEnv !== 'test') {
    throw new ConfigError(
      "PASSWORD_HASH_COST=test is for the test suite only (NODE_ENV=test); production hashes at OWASP's cost",
    );
  }
  return cost;
}

/** With only SHUTDOWN_TIMEOUT_MS set, the grace is half of it. */
function shutdownTimes(variables: Environment): Pick<Config, 'shutdownGraceMs' | 'shutdownTimeoutMs'> {
  const timeoutMs = variables.SHUTDOWN_TIMEOUT_MS;
  const shutdownGraceMs =
    variables.SHUTDOWN_GRACE_MS ?? (timeoutMs !== undefined ? Math.floor(timeoutMs / 2) : SHUTDOWN_GRACE_MS);
  const shutdownTimeoutMs = timeoutMs ?? shutdownGraceMs + SHUTDOWN_AFTER_GRACE_MS;
  if (shutdownGraceMs >= shutdownTimeoutMs) {
    throw new ConfigError(
      `SHUTDOWN_GRACE_MS (${shutdownGraceMs}) must be shorter than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}), which ends the process whatever remains`,
    );
  }
  return { shutdownGraceMs, shutdownTimeoutMs };
}

function httpConfig(variables: Environment): HttpConfig {
  return {
    // Node requires the headers' limit not to exceed the whole request's
    headersTimeoutMs: Math.min(variables.HTTP_REQUEST_TIMEOUT_MS, variables.HTTP_HEADERS_TIMEOUT_MS),
    requestTimeoutMs: variables.HTTP_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: variables.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: variables.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: variables.HTTP_MAX_CONNECTIONS,
  };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 storage is all or nothing: a half-configured store is an error rather than a silent fall-back to local disk. */
function s3Config(variables: Environment): S3Config | undefined {
  const missing = S3_VARIABLES.filter((name) => !variables[name]);
  if (missing.length === S3_VARIABLES.length) return undefined;
  if (missing.length) throw new ConfigError(`S3 storage needs ${missing.join(', ')} as well`);
  return {
    endpoint: variables.S3_ENDPOINT!,
    bucket: variables.S3_BUCKET!,
    region: variables.S3_REGION,
    accessKeyId: variables.S3_ACCESS_KEY_ID!,
    secretAccessKey: variables.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: variables.S3_FORCE_PATH_STYLE,
  };
}

/** A provider that is tried again when someone asks, at most this often, after it could not be reached. */
const OIDC_DISCOVERY_RETRY_MS = 30_000;
/** A request to the provider (discovery, a sign-in's or a refresh's grant, userinfo) waits no longer for its answer. */
const OIDC_TIMEOUT_SECONDS = 10;

/** The provider's settings once OIDC_ISSUER is set; the others it needs must be there too, and none of them without it. */
function oidcConfig(variables: Environment): OidcConfig | undefined {
  const issuer = variables.OIDC_ISSUER;
  if (issuer === undefined) {
    const stray = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).find((name) => variables[name]);
    if (stray) throw new ConfigError(`${stray} is set but OIDC_ISSUER is not: set the issuer too, or remove ${stray}`);
    return undefined;
  }
  if (!variables.OIDC_CLIENT_ID) throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID as well');
  const roleMap = new Map<string, string[]>();
  for (const entry of variables.OIDC_ROLE_MAP) {
    const split = entry.lastIndexOf('=');
    const [value, role] = [entry.slice(0, split).trim(), entry.slice(split + 1).trim()];
    roleMap.set(value, [...(roleMap.get(value) ?? []), role]);
  }
  if (variables.OIDC_CREATE_USERS && roleMap.size === 0) {
    throw new ConfigError(
      'OIDC_CREATE_USERS=true needs OIDC_ROLE_MAP: a user is created only with a role their claims map to',
    );
  }
  return {
    issuer,
    clientId: variables.OIDC_CLIENT_ID,
    clientSecret: variables.OIDC_CLIENT_SECRET,
    name: variables.OIDC_NAME ?? new URL(issuer).hostname,
    scopes: variables.OIDC_SCOPES.trim().split(/\s+/).join(' '),
    rolesClaim: variables.OIDC_ROLES_CLAIM,
    roleMap,
    createUsers: variables.OIDC_CREATE_USERS,
    discoveryRetryMs: OIDC_DISCOVERY_RETRY_MS,
    timeoutSeconds: OIDC_TIMEOUT_SECONDS,
  };
}

function careConfig(variables: Environment): CareConfig {
  const agencyHost = new URL(variables.AGENCY_WEBSITE).hostname.replace(/^www\./, '');
  const panelUrl = new URL(variables.PANEL_URL);
  return {
    intakeRateLimit: variables.INTAKE_RATE_LIMIT,
    coreTerritoryZipPrefixes: variables.CORE_TERRITORY_ZIP_PREFIXES,
    optionalTerritoryZipPrefixes: variables.OPTIONAL_TERRITORY_ZIP_PREFIXES,
    partialZipDigits: variables.PARTIAL_ZIP_DIGITS,
    notifyRecipients: variables.CARE_REQUEST_NOTIFY,
    notifySender: variables.CARE_REQUEST_NOTIFY_SENDER ?? `caredesk@${agencyHost}`,
    mailLanguage: variables.AGENCY_LANGUAGE as MailLanguage,
    // a panel served under a path keeps the path
    panelUrl: `${panelUrl.origin}${panelUrl.pathname}`.replace(/\/+$/, ''),
    eventStreams: {
      perUser: variables.CARE_EVENT_STREAMS_PER_USER,
      perProcess: variables.CARE_EVENT_STREAMS_PER_PROCESS,
    },
    eventHeartbeatMs: CARE_EVENTS_HEARTBEAT_SECONDS * 1000,
  };
}
