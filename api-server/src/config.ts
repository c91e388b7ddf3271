import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type RateLimitConfig = {
  /** Requests per minute per IP on each sign-in, sign-up and code route. */
  authPerMinute: number;
};

/** The free providers behind /geo (conventions.md section 3) and the etiquette they ask for. */
export type GeoConfig = {
  /** Nominatim-compatible reverse geocoder (GET /reverse). */
  geocoderUrl: string;
  /** Photon-compatible place search (GET /api). */
  placesUrl: string;
  /** OSRM-compatible router serving the foot profile (GET /route/v1/foot/...). */
  routerUrl: string;
  /** Sent on every provider call; Nominatim's usage policy requires an identifying User-Agent. */
  userAgent: string;
  /** A provider call not answered within this many milliseconds answers 502. */
  timeoutMs: number;
  /** Minimum spacing of geocoder calls from one process (Nominatim: at most 1 request per second). */
  geocoderIntervalMs: number;
  /** Place searches allowed per user in a sliding window (explorer-and-visitor.md section 9). */
  placesRateLimit: { max: number; windowMs: number };
};

export type AppConfig = {
  env: 'production' | 'development' | 'test';
  port: number;
  adminPort: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  jwtSecret: string;
  publicOrigin: string;
  adminOrigin: string;
  apiPublicUrl: string;
  storageDir: string;
  /** A MapLibre style URL, or 'offline' for the SPAs' built-in tile-less style. */
  mapStyleUrl: string;
  seedDemo: boolean;
  superAdmin: { email: string; password: string } | undefined;
  rateLimit: RateLimitConfig;
  /** How long identical reads of the approved catalogue share one answer (0 = off; the API tests run with 0). */
  catalogueCacheMs: number;
  /** How long an account read to authenticate a call is shared (0 = off); any writing request clears it. */
  accountCacheMs: number;
  geo: GeoConfig;
  explorerDist: string | undefined;
  adminDist: string | undefined;
  logLevel: string;
};

type Env = Record<string, string | undefined>;

/** OpenFreeMap's free OpenStreetMap vector style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

export const DEFAULT_GEO_USER_AGENT = 'CityQuest/1.0 (+https://github.com/cityquest)';

function readNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

/** An http(s) base URL without its trailing slash. */
function readUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^https?:\/\/[^/]/.test(raw)) throw new Error(`${name} must be an http(s) URL, got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

/** Dev and test keep a generated secret in DATA_DIR so sessions survive restarts without a secret in the repo. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (saved.jwtSecret) return saved.jwtSecret;
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
  return jwtSecret;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = resolve(env.DATA_DIR || './.data');
  const port = readNumber(env, 'PORT', 8080);
  const adminPort = readNumber(env, 'ADMIN_PORT', 8081);
  if (nodeEnv === 'production' && !env.JWT_SECRET) throw new Error('JWT_SECRET is required in production');
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32)
    throw new Error('JWT_SECRET must be at least 32 characters');
  const publicOrigin = (env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
  const adminOrigin = (env.ADMIN_ORIGIN || `http://localhost:${adminPort}`).replace(/\/+$/, '');
  const superAdmin =
    env.SUPER_ADMIN_EMAIL && env.SUPER_ADMIN_PASSWORD
      ? { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD }
      : undefined;
  return {
    env: nodeEnv,
    port,
    adminPort,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'CityQuest <no-reply@cityquest.local>',
    supportEmail: env.SUPPORT_EMAIL || 'support@cityquest.local',
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    publicOrigin,
    adminOrigin,
    apiPublicUrl: (env.API_PUBLIC_URL || `${publicOrigin}/api/v1`).replace(/\/+$/, ''),
    storageDir: resolve(env.STORAGE_DIR || join(dataDir, 'uploads')),
    mapStyleUrl: env.MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL,
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    superAdmin,
    rateLimit: { authPerMinute: readNumber(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 20) },
    catalogueCacheMs: readNumber(env, 'CATALOGUE_CACHE_MS', nodeEnv === 'test' ? 0 : 2000),
    accountCacheMs: readNumber(env, 'ACCOUNT_CACHE_MS', 5000),
    geo: {
      geocoderUrl: readUrl(env, 'GEOCODER_URL', 'https://nominatim.openstreetmap.org'),
      placesUrl: readUrl(env, 'PLACES_URL', 'https://photon.komoot.io'),
      routerUrl: readUrl(env, 'ROUTER_URL', 'https://routing.openstreetmap.de/routed-foot'),
      userAgent: env.GEO_USER_AGENT || DEFAULT_GEO_USER_AGENT,
      timeoutMs: 8000,
      geocoderIntervalMs: 1000,
      placesRateLimit: { max: 50, windowMs: 60_000 },
    },
    explorerDist: env.EXPLORER_DIST ? resolve(env.EXPLORER_DIST) : undefined,
    adminDist: env.ADMIN_DIST ? resolve(env.ADMIN_DIST) : undefined,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}
