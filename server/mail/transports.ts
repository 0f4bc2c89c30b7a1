import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Route } from './routing';

interface TransportSettings {
  /** Connections per provider and credentials; the worker never has more deliveries in flight than this. */
  maxConnections: number;
  smtpTimeoutMs: number;
  tlsVerify: boolean;
}

interface PooledTransport {
  transporter: Transporter<SMTPPool.SentMessageInfo>;
  lastUsed: number;
}

/** Idle pools of providers or credentials no longer in use are closed after this long. */
const UNUSED_POOL_MS = 5 * 60_000;

/**
 * One nodemailer pool per provider settings + credentials. The key covers every setting, so editing a provider or
 * an account's credentials yields a fresh pool; the outdated one is closed once unused.
 */
export class TransportPools {
  private readonly pools = new Map<string, PooledTransport>();
  /** The key of each route object (the worker's routes live until they change): hashing it per mail cost 1 % while delivering. */
  private readonly keys = new WeakMap<Route, { password: string | null; key: string }>();

  constructor(private readonly settings: TransportSettings) {}

  transporterFor(route: Route, password: string | null): Transporter<SMTPPool.SentMessageInfo> {
    const key = this.keyOf(route, password);
    let pool = this.pools.get(key);
    if (!pool) {
      pool = { transporter: nodemailer.createTransport(this.options(route, password)), lastUsed: Date.now() };
      this.pools.set(key, pool);
    }
    pool.lastUsed = Date.now();
    return pool.transporter;
  }

  private keyOf(route: Route, password: string | null): string {
    const known = this.keys.get(route);
    if (known?.password === password) return known.key;
    const key = poolKey(route, password);
    this.keys.set(route, { password, key });
    return key;
  }

  closeUnused(now = Date.now()) {
    for (const [key, pool] of this.pools) {
      if (now - pool.lastUsed > UNUSED_POOL_MS) {
        pool.transporter.close();
        this.pools.delete(key);
      }
    }
  }

  closeAll() {
    for (const pool of this.pools.values()) pool.transporter.close();
    this.pools.clear();
  }

  private options(route: Route, password: string | null): SMTPPool.Options {
    const { host, port, security } = route.provider;
    const timeout = this.settings.smtpTimeoutMs;
    return {
      pool: true,
      maxConnections: this.settings.maxConnections,
      host,
      port,
      secure: security === 'ssl/tls',
      requireTLS: security === 'starttls',
      ignoreTLS: security === 'none',
      tls: { rejectUnauthorized: this.settings.tlsVerify, ...(isIP(host) ? {} : { servername: host }) },
      auth: route.username !== null && password !== null ? { user: route.username, pass: password } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    };
  }
}

function poolKey(route: Route, password: string | null): string {
  const { uid, host, port, security } = route.provider;
  return createHash('sha256')
    .update(JSON.stringify([uid, host, port, security, route.username, password]))
    .digest('base64url');
}
