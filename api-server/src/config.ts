import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_EVENTS } from '@cityquest/contract';
import ipaddr from 'ipaddr.js';

export type RateLimitConfig = {
  /** Requests per minute per IP on each sign-in, sign-up and code route. */
  authPerMinute: number;
};

/**
 * Quotas per account or client address (0 turns one off). The first six count rows in the database, so they
 * hold across API instances; the geo ones count in Redis when REDIS_URL is set, and otherwise per process
 * (lib/coordination.ts).
 */
export type QuotaConfig = {
  /** Quests one account may create per hour (QUEST_CREATIONS_PER_HOUR). */
  questCreationsPerHour: number;
  /** Task proofs one account may submit per hour (PROOF_SUBMISSIONS_PER_HOUR). */
  proofSubmissionsPerHour: number;
  /** Bug reports per client address (an IPv6 client's /64) per 24 hours (BUG_REPORTS_PER_DAY). */
  bugReportsPerDay: number;
  /** Contact messages per client address per 24 hours (CONTACT_MESSAGES_PER_DAY). */
  contactMessagesPerDay: number;
  /** Feedback one account may send per 24 hours (FEEDBACK_PER_DAY). */
  feedbackPerDay: number;
  /** Messages one account may write to the support team per hour (SUPPORT_MESSAGES_PER_HOUR). */
  supportMessagesPerHour: number;
  /** Friend requests one account may send per 24 hours (FRIEND_REQUESTS_PER_DAY). */
  friendRequestsPerDay: number;
  /** Walking routes one account may ask for per minute (DIRECTIONS_PER_MINUTE). */
  directionsPerMinute: number;
  /** Reverse geocoding lookups one account may make per minute (REVERSE_GEOCODES_PER_MINUTE). */
  reverseGeocodesPerMinute: number;
};

/**
 * The free providers behind /geo and the etiquette they ask for
 * (docs/product-rules/maps-and-location.md#providers).
 */
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
  /**
   * Place searches allowed per user in a sliding window
   * (docs/product-rules/maps-and-location.md#geo-limits).
   */
  placesRateLimit: { max: number; windowMs: number };
};

/** Where mail goes: nodemailer over SMTP_URL, the dev outbox (DEV_MODE=1 only), or the log (MAIL_TRANSPORT=log). */
export type MailTransport = 'smtp' | 'outbox' | 'log';

/**
 * STORAGE_URL=s3://[key:secret@]bucket?endpoint=&region=&pathStyle=: an S3-compatible bucket (AWS S3, Cloudflare
 * R2, MinIO). Without key and secret in the URL the AWS SDK's own chain (AWS_ACCESS_KEY_ID, roles) supplies them.
 */
export type BucketConfig = {
  bucket: string;
  /** The service's address; unset, AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Path-style addresses (endpoint/bucket/key): MinIO and most local servers need them. */
  pathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Fastify's trustProxy: off, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export type AppConfig = {
  /** 'test' under the test suites (quiet logs, no catalogue cache); otherwise 'development' exactly when devMode. */
  env: 'production' | 'development' | 'test';
  /**
   * DEV_MODE=1 (set by `npm start`): the dev outbox, a generated JWT secret, demo seeding and plain-http headers.
   * Without it the server is in production mode, whatever NODE_ENV says.
   */
  devMode: boolean;
  port: number;
  adminPort: number;
  host: string;
  /** Whose X-Forwarded-For sets request.ip (TRUST_PROXY); off, it is ignored and the socket's peer is the client. */
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * REDIS_URL: where API instances share rate limits, provider spacing and cache invalidations (unset: this
   * process alone, for a single instance; lib/coordination.ts).
   */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: the start of every key and channel this deployment uses in that Redis. */
  redisPrefix: string;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset, there is no /metrics. */
  metricsToken: string | undefined;
  mailTransport: MailTransport;
  mailFrom: string;
  supportEmail: string;
  jwtSecret: string;
  publicOrigin: string;
  adminOrigin: string;
  apiPublicUrl: string;
  /** The local folder files are kept in (STORAGE_URL=file:///… or STORAGE_DIR) when STORAGE_URL names no bucket. */
  storageDir: string;
  /** STORAGE_URL's bucket, when files are kept in one. */
  bucket: BucketConfig | undefined;
  /**
   * PUBLIC_FILES_URL: where browsers read public files (a CDN, say); by default the bucket's own address, or the
   * API's /uploads/ for the local folder.
   */
  publicFilesUrl: string;
  /** How long a signed address of a private file (proof photo, bug screenshot) opens it. */
  privateFileUrlTtlSeconds: number;
  /** A MapLibre style URL, or 'offline' for the SPAs' built-in tile-less style. */
  mapStyleUrl: string;
  seedDemo: boolean;
  /**
   * REQUIRE_ADMIN_2FA: admins and super admins must turn on two-factor sign-in before any admin call. On by
   * default outside DEV_MODE, so the demo's admins still sign in with a password.
   */
  requireAdminTwoFactor: boolean;
  superAdmin: { email: string; password: string } | undefined;
  rateLimit: RateLimitConfig;
  quotas: QuotaConfig;
  /** How long identical reads of the approved catalogue share one answer (0 = off; the API tests run with 0). */
  catalogueCacheMs: number;
  /** How long the admin dashboard's and analytics' figures are shared before they are computed again (0 = off). */
  insightsCacheMs: number;
  /** LIVE_HEARTBEAT_MS: how often an open event stream gets a heartbeat comment (GET /events). */
  liveHeartbeatMs: number;
  /**
   * MAIL_OUTBOX_POLL_MS: how often this process sends the notification mail waiting in the outbox (0 = never by
   * itself; the API tests send it when they choose).
   */
  mailOutboxPollMs: number;
  /** How often quest page views held by this process are written (0 = each view at once; the API tests run with 0). */
  viewFlushMs: number;
  /** A reader's repeated reads of a quest within this window count one view; 0 counts every read. */
  viewRepeatMs: number;
  /** How long an account read to authenticate a call is shared (0 = off); any writing request clears it. */
  accountCacheMs: number;
  /** SESSION_MAX_DAYS: a session ends this many days after its sign-in, however often it is refreshed. */
  sessionMaxDays: number;
  geo: GeoConfig;
  explorerDist: string | undefined;
  adminDist: string | undefined;
  logLevel: string;
};

type Env = Record<string, string | undefined>;

/** A setting the server cannot start with; server.ts prints its message and exits non-zero. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** OpenFreeMap's free OpenStreetMap vector style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

export const DEFAULT_GEO_USER_AGENT = 'CityQuest/1.0 (+https://github.com/cityquest)';

function readNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new ConfigError(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

function readPositive(env: Env, name: string, fallback: number): number {
  const value = readNumber(env, name, fallback);
  if (value <= 0) throw new ConfigError(`${name} must be more than 0, got '${env[name]}'`);
  return value;
}

/** An http(s) base URL without its trailing slash. */
function readUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^https?:\/\/[^/]/.test(raw)) throw new ConfigError(`${name} must be an http(s) URL, got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

/** A 1/0 switch; anything else is refused rather than guessed. */
function readSwitch(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got '${env[name]}'`);
}

/** proxy-addr's names for whole address classes, accepted by Fastify's trustProxy beside addresses and CIDRs. */
const PROXY_ADDRESS_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 = X-Forwarded-For is ignored; a number = that many proxies in front (the client is
 * that many entries from the end of X-Forwarded-For); otherwise the proxies' addresses or CIDR ranges.
 * `true` is refused: it would believe X-Forwarded-For from any client and reset every per-IP limit.
 */
function readTrustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would take X-Forwarded-For from any client; give the number of proxies in front of the ' +
        "server (e.g. 1) or the proxies' addresses (e.g. 10.0.0.5,10.0.1.0/24)",
    );
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new ConfigError(
      `TRUST_PROXY: '${wrong}' is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
  return entries;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_OPTIONS: ReadonlySet<string> = new Set(['endpoint', 'region', 'pathStyle']);

/** STORAGE_URL: unset or file: keeps files in the local folder; s3: names a bucket (BucketConfig). */
function readBucket(env: Env): BucketConfig | undefined {
  const raw = env.STORAGE_URL?.trim() ?? '';
  if (raw === '' || raw.startsWith('file:')) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`STORAGE_URL must be s3://bucket?endpoint=…&region=… or file:, got '${raw}'`);
  }
  if (url.protocol !== 's3:')
    throw new ConfigError(
      `STORAGE_URL must start with s3:// (or file: for the local folder), got '${url.protocol}'`,
    );
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket))
    throw new ConfigError(
      `STORAGE_URL: '${bucket}' is not a bucket name (3 to 63 lowercase letters, digits, dots, dashes)`,
    );
  const unknown = [...url.searchParams.keys()].find((key) => !BUCKET_OPTIONS.has(key));
  if (unknown !== undefined)
    throw new ConfigError(
      `STORAGE_URL: unknown option '${unknown}' (endpoint, region and pathStyle are known)`,
    );
  const endpoint = url.searchParams.get('endpoint')?.replace(/\/+$/, '') || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new ConfigError(`STORAGE_URL: endpoint must be an http(s) URL, got '${endpoint}'`);
  const pathStyle = url.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`STORAGE_URL: pathStyle must be true or false, got '${pathStyle}'`);
  if (Boolean(url.username) !== Boolean(url.password))
    throw new ConfigError(
      'STORAGE_URL: give both the access key and the secret (s3://key:secret@bucket), or neither',
    );
  return {
    bucket,
    endpoint,
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    // A custom endpoint is most often MinIO or a local server, which only answer path-style addresses.
    pathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

/** Where a bucket's objects are read over plain HTTP, for a bucket whose public kinds are readable by anyone. */
export function bucketAddress(bucket: BucketConfig): string {
  if (bucket.endpoint === undefined) return `https://${bucket.bucket}.s3.${bucket.region}.amazonaws.com`;
  if (bucket.pathStyle) return `${bucket.endpoint}/${bucket.bucket}`;
  const endpoint = new URL(bucket.endpoint);
  return `${endpoint.protocol}//${bucket.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
}

/** The API's root as browsers reach it: API_PUBLIC_URL without its /api/v1. */
export function apiRootOf(config: Pick<AppConfig, 'apiPublicUrl'>): string {
  return config.apiPublicUrl.replace(/\/api\/v1$/, '');
}

/** SMTP_URL first; without it only DEV_MODE keeps mail in the outbox, and production needs MAIL_TRANSPORT=log. */
function readMailTransport(env: Env, devMode: boolean): MailTransport {
  const wanted = env.MAIL_TRANSPORT?.trim() || undefined;
  if (wanted !== undefined && wanted !== 'log')
    throw new ConfigError(`MAIL_TRANSPORT accepts only 'log', got '${wanted}'`);
  if (env.SMTP_URL) return 'smtp';
  if (devMode) return 'outbox';
  if (wanted === 'log') return 'log';
  throw new ConfigError(
    'SMTP_URL is required to send mail (e.g. smtps://user:password@mail.example.com:465). ' +
      "MAIL_TRANSPORT=log starts without it and only logs each mail's recipient and subject: unsafe, since " +
      'verification and password-reset codes then reach nobody. DEV_MODE=1 keeps mail in the local dev outbox.',
  );
}

/** DEV_MODE keeps a generated secret in DATA_DIR so sessions survive restarts without a secret in the repo. */
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

/** 127.0.0.0/8, ::1 (IPv4-mapped too) or localhost: an interface only this machine reaches. */
function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  if (name === 'localhost') return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

export function loadConfig(env: Env = process.env): AppConfig {
  const devMode = readSwitch(env, 'DEV_MODE');
  const nodeEnv = env.NODE_ENV === 'test' ? 'test' : devMode ? 'development' : 'production';
  const dataDir = resolve(env.DATA_DIR || './.data');
  const port = readNumber(env, 'PORT', 8080);
  const adminPort = readNumber(env, 'ADMIN_PORT', 8081);
  if (!devMode && !env.JWT_SECRET)
    throw new ConfigError(
      'JWT_SECRET is required (32 or more random characters, e.g. from `openssl rand -base64 48`); ' +
        'only DEV_MODE=1 generates one in DATA_DIR',
    );
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32)
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const seedDemo = readSwitch(env, 'SEED_DEMO');
  if (seedDemo && !devMode)
    throw new ConfigError(
      'SEED_DEMO=1 creates demo accounts whose passwords are published in the README, so it needs DEV_MODE=1; ' +
        'unset SEED_DEMO outside development',
    );
  const host = env.HOST || '127.0.0.1';
  // The demo passwords are public (README, Demo accounts): the demo never listens beyond this machine.
  if (seedDemo && !isLoopbackHost(host))
    throw new ConfigError(
      `SEED_DEMO=1 creates demo accounts whose passwords are published in the README, so HOST must be a ` +
        `loopback address (127.0.0.1, ::1 or localhost), got '${host}'; set SEED_DEMO=0 to listen on other ` +
        'interfaces without the demo accounts',
    );
  // /metrics may share the public port (README, Operations), where a short token can be guessed.
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 32)
    throw new ConfigError(
      'METRICS_TOKEN must be at least 32 characters (e.g. from `openssl rand -base64 32`)',
    );
  if (Boolean(env.SUPER_ADMIN_EMAIL) !== Boolean(env.SUPER_ADMIN_PASSWORD))
    throw new ConfigError('SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD must be set together');
  const publicOrigin = (env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
  const adminOrigin = (env.ADMIN_ORIGIN || `http://localhost:${adminPort}`).replace(/\/+$/, '');
  const apiPublicUrl = (env.API_PUBLIC_URL || `${publicOrigin}/api/v1`).replace(/\/+$/, '');
  const bucket = readBucket(env);
  const superAdmin =
    env.SUPER_ADMIN_EMAIL && env.SUPER_ADMIN_PASSWORD
      ? { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD }
      : undefined;
  return {
    env: nodeEnv,
    devMode,
    port,
    adminPort,
    host,
    trustProxy: readTrustProxy(env),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'cityquest:',
    metricsToken: env.METRICS_TOKEN || undefined,
    mailTransport: readMailTransport(env, devMode),
    mailFrom: env.MAIL_FROM || 'CityQuest <no-reply@cityquest.local>',
    supportEmail: env.SUPPORT_EMAIL || 'support@cityquest.local',
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    publicOrigin,
    adminOrigin,
    apiPublicUrl,
    storageDir: env.STORAGE_URL?.trim().startsWith('file:')
      ? fileURLToPath(env.STORAGE_URL.trim())
      : resolve(env.STORAGE_DIR || join(dataDir, 'uploads')),
    bucket,
    publicFilesUrl: env.PUBLIC_FILES_URL
      ? readUrl(env, 'PUBLIC_FILES_URL', '')
      : bucket
        ? bucketAddress(bucket)
        : `${apiRootOf({ apiPublicUrl })}/uploads`,
    privateFileUrlTtlSeconds: Math.max(1, readNumber(env, 'PRIVATE_FILE_URL_TTL_SECONDS', 3600)),
    mapStyleUrl: env.MAP_STYLE_URL || DEFAULT_MAP_STYLE_URL,
    seedDemo,
    requireAdminTwoFactor: env.REQUIRE_ADMIN_2FA?.trim() ? readSwitch(env, 'REQUIRE_ADMIN_2FA') : !devMode,
    superAdmin,
    rateLimit: { authPerMinute: readNumber(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 20) },
    quotas: {
      questCreationsPerHour: readNumber(env, 'QUEST_CREATIONS_PER_HOUR', 10),
      proofSubmissionsPerHour: readNumber(env, 'PROOF_SUBMISSIONS_PER_HOUR', 30),
      bugReportsPerDay: readNumber(env, 'BUG_REPORTS_PER_DAY', 20),
      contactMessagesPerDay: readNumber(env, 'CONTACT_MESSAGES_PER_DAY', 20),
      feedbackPerDay: readNumber(env, 'FEEDBACK_PER_DAY', 10),
      supportMessagesPerHour: readNumber(env, 'SUPPORT_MESSAGES_PER_HOUR', 30),
      friendRequestsPerDay: readNumber(env, 'FRIEND_REQUESTS_PER_DAY', 50),
      directionsPerMinute: readNumber(env, 'DIRECTIONS_PER_MINUTE', 30),
      reverseGeocodesPerMinute: readNumber(env, 'REVERSE_GEOCODES_PER_MINUTE', 30),
    },
    catalogueCacheMs: readNumber(env, 'CATALOGUE_CACHE_MS', nodeEnv === 'test' ? 0 : 2000),
    insightsCacheMs: readNumber(env, 'INSIGHTS_CACHE_MS', nodeEnv === 'test' ? 0 : 30_000),
    liveHeartbeatMs: readNumber(env, 'LIVE_HEARTBEAT_MS', LIVE_EVENTS.heartbeatSeconds * 1000),
    mailOutboxPollMs: readNumber(env, 'MAIL_OUTBOX_POLL_MS', nodeEnv === 'test' ? 0 : 2000),
    viewFlushMs: readNumber(env, 'VIEW_FLUSH_MS', nodeEnv === 'test' ? 0 : 5000),
    viewRepeatMs: readNumber(env, 'VIEW_REPEAT_MS', 30 * 60_000),
    accountCacheMs: readNumber(env, 'ACCOUNT_CACHE_MS', 5000),
    sessionMaxDays: readPositive(env, 'SESSION_MAX_DAYS', 30),
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
