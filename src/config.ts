import type { RuntimeConfig } from '../contracts/runtime-config';

export type { RuntimeConfig };

const KEYS = ['authUrl', 'mailUrl', 'filesUrl', 'pricingUrl', 'careUrl', 'intakeUrl', 'auditUrl'] as const;

const DEFAULT_CONFIG: RuntimeConfig = {
  authUrl: '/api/auth',
  mailUrl: '/api/mail',
  filesUrl: '/api/files',
  pricingUrl: '/api/pricing',
  careUrl: '/api/care',
  intakeUrl: '/api/intake',
  auditUrl: '/api/audit',
};

/** Drops trailing slashes so that callers can always append paths that start with '/'. */
const trimBase = (url: string): string => url.replace(/\/+$/, '');

/** Checks the shape of a parsed config.json; unknown keys are ignored, missing ones fall back to the defaults. */
function parseConfig(value: unknown): RuntimeConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('config.json must contain a JSON object');
  }
  const record = value as Record<string, unknown>;
  const config = { ...DEFAULT_CONFIG };
  for (const key of KEYS) {
    const entry = record[key];
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || entry.trim() === '')
      throw new Error(`config.json: "${key}" must be a non-empty string`);
    config[key] = trimBase(entry.trim());
  }
  if (typeof record.agencyWebsite === 'string' && record.agencyWebsite.trim() !== '')
    config.agencyWebsite = record.agencyWebsite.trim();
  return config;
}

/** Fetches and validates the runtime configuration (GET /config.json, never cached). */
export async function loadConfig(
  fetchFn: typeof fetch = (...args) => globalThis.fetch(...args),
  url = '/config.json',
): Promise<RuntimeConfig> {
  const response = await fetchFn(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Cannot load ${url}: HTTP ${response.status}`);
  return parseConfig(await response.json());
}
