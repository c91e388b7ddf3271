import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import type { AppConfig } from './app-config.ts';
import { ConfigError } from './config-error.ts';
import { CONFIG_DEFINITION, type ConfigEnv, SWITCH_VALUES } from './definition.ts';
import {
  readMailTransport,
  readSuperAdmin,
  requireDemoOnlyInDevelopment,
  requireJwtSecret,
} from './production-rules.ts';
import { readReplicaUrls } from './replica-urls.ts';
import { bucketAddress, readBucket } from './storage-url.ts';
import { readTrustProxy } from './trust-proxy.ts';

type Env = Record<string, string | undefined>;
type VariableName = keyof typeof CONFIG_DEFINITION.properties;
type VariableSchema = { type: string; enum?: readonly string[] };

const VARIABLES = CONFIG_DEFINITION.properties as Record<VariableName, VariableSchema>;
/** Secrets are taken exactly as given; any other value loses its surrounding spaces. */
const KEPT_AS_GIVEN: ReadonlySet<string> = new Set(['JWT_SECRET', 'METRICS_TOKEN', 'SUPER_ADMIN_PASSWORD']);

/** Only defined variables; a blank one counts as unset, and a switch is read case-insensitively. */
function definedValues(env: Env): Env {
  const values: Env = {};
  for (const [name, schema] of Object.entries(VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = KEPT_AS_GIVEN.has(name) ? raw : raw.trim();
    values[name] = schema.enum === SWITCH_VALUES ? value.toLowerCase() : value;
  }
  return values;
}

function describeProblem(problem: ErrorObject, given: Env): string {
  const name = problem.instancePath.slice(1);
  const got = `, got '${given[name]}'`;
  const schema = VARIABLES[name as VariableName];
  switch (problem.keyword) {
    case 'type':
    case 'minimum':
      return `${name} must be a non-negative number${got}`;
    case 'exclusiveMinimum':
      return `${name} must be more than ${problem.params.limit}${got}`;
    case 'pattern':
      return `${name} must be an http(s) URL${got}`;
    case 'enum':
      return schema?.enum === SWITCH_VALUES
        ? `${name} must be 1 or 0${got}`
        : `${name} accepts only ${schema?.enum?.map((value) => `'${value}'`).join(' or ')}${got}`;
    // A secret's value is never repeated in a message.
    case 'minLength':
      return `${name} must be at least ${problem.params.limit} characters`;
    default:
      return `${name} ${problem.message}`;
  }
}

/** The environment checked against the definition; every problem is named in one ConfigError. */
function readEnv(env: Env): ConfigEnv {
  const given = definedValues(env);
  try {
    return envSchema<ConfigEnv>({ schema: CONFIG_DEFINITION, data: { ...given }, env: false });
  } catch (error) {
    const problems = (error as { errors?: ErrorObject[] }).errors;
    if (!problems) throw error;
    const messages = new Set(problems.map((problem) => describeProblem(problem, given)));
    throw new ConfigError([...messages].join('; '));
  }
}

const isOn = (value: string | undefined) => value === '1' || value === 'true';
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

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

/** The API's root as browsers reach it: API_PUBLIC_URL without its /api/v1. */
export function apiRootOf(config: Pick<AppConfig, 'apiPublicUrl'>): string {
  return config.apiPublicUrl.replace(/\/api\/v1$/, '');
}

export function loadConfig(processEnv: Env = process.env): AppConfig {
  const env = readEnv(processEnv);
  const devMode = isOn(env.DEV_MODE);
  const nodeEnv = env.NODE_ENV === 'test' ? 'test' : devMode ? 'development' : 'production';
  /** The test suites run without caches and background timers unless a suite sets one. */
  const unlessTest = (value: number | undefined, fallback: number) =>
    value ?? (nodeEnv === 'test' ? 0 : fallback);
  const dataDir = resolve(env.DATA_DIR);
  requireJwtSecret(env, devMode);
  const seedDemo = isOn(env.SEED_DEMO);
  requireDemoOnlyInDevelopment(seedDemo, devMode, env.HOST);
  const superAdmin = readSuperAdmin(env);
  const publicOrigin = withoutTrailingSlash(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`);
  const adminOrigin = withoutTrailingSlash(env.ADMIN_ORIGIN ?? `http://localhost:${env.ADMIN_PORT}`);
  const apiPublicUrl = withoutTrailingSlash(env.API_PUBLIC_URL ?? `${publicOrigin}/api/v1`);
  const bucket = readBucket(env.STORAGE_URL, env.AWS_REGION);
  return {
    env: nodeEnv,
    devMode,
    port: env.PORT,
    adminPort: env.ADMIN_PORT,
    host: env.HOST,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_URL ? env.DATABASE_DIRECT_URL : undefined,
    databaseReplicaUrls: readReplicaUrls(env.DATABASE_REPLICA_URL, env.DATABASE_URL),
    databaseReplicaMaxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    metricsToken: env.METRICS_TOKEN,
    mailTransport: readMailTransport(env, devMode),
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    publicOrigin,
    adminOrigin,
    apiPublicUrl,
    storageDir: env.STORAGE_URL?.startsWith('file:')
      ? fileURLToPath(env.STORAGE_URL)
      : resolve(env.STORAGE_DIR ?? join(dataDir, 'uploads')),
    bucket,
    publicFilesUrl: env.PUBLIC_FILES_URL
      ? withoutTrailingSlash(env.PUBLIC_FILES_URL)
      : bucket
        ? bucketAddress(bucket)
        : `${apiRootOf({ apiPublicUrl })}/uploads`,
    privateFileUrlTtlSeconds: Math.max(1, env.PRIVATE_FILE_URL_TTL_SECONDS),
    mapStyleUrl: env.MAP_STYLE_URL,
    seedDemo,
    requireAdminTwoFactor: env.REQUIRE_ADMIN_2FA === undefined ? !devMode : isOn(env.REQUIRE_ADMIN_2FA),
    superAdmin,
    rateLimit: { authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE },
    quotas: {
      questCreationsPerHour: env.QUEST_CREATIONS_PER_HOUR,
      proofSubmissionsPerHour: env.PROOF_SUBMISSIONS_PER_HOUR,
      bugReportsPerDay: env.BUG_REPORTS_PER_DAY,
      contactMessagesPerDay: env.CONTACT_MESSAGES_PER_DAY,
      feedbackPerDay: env.FEEDBACK_PER_DAY,
      supportMessagesPerHour: env.SUPPORT_MESSAGES_PER_HOUR,
      friendRequestsPerDay: env.FRIEND_REQUESTS_PER_DAY,
      directionsPerMinute: env.DIRECTIONS_PER_MINUTE,
      reverseGeocodesPerMinute: env.REVERSE_GEOCODES_PER_MINUTE,
    },
    catalogueCacheMs: unlessTest(env.CATALOGUE_CACHE_MS, 2000),
    imageWork: {
      ...(env.IMAGE_THREADS !== undefined ? { threads: env.IMAGE_THREADS } : {}),
      ...(env.IMAGE_QUEUE !== undefined ? { queue: env.IMAGE_QUEUE } : {}),
    },
    insightsCacheMs: unlessTest(env.INSIGHTS_CACHE_MS, 30_000),
    dashboardCacheMs: unlessTest(env.DASHBOARD_CACHE_MS, 30_000),
    liveHeartbeatMs: env.LIVE_HEARTBEAT_MS,
    mailOutboxPollMs: unlessTest(env.MAIL_OUTBOX_POLL_MS, 2000),
    viewFlushMs: unlessTest(env.VIEW_FLUSH_MS, 5000),
    viewRepeatMs: env.VIEW_REPEAT_MS,
    accountCacheMs: env.ACCOUNT_CACHE_MS,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    geo: {
      geocoderUrl: withoutTrailingSlash(env.GEOCODER_URL),
      placesUrl: withoutTrailingSlash(env.PLACES_URL),
      routerUrl: withoutTrailingSlash(env.ROUTER_URL),
      userAgent: env.GEO_USER_AGENT,
      timeoutMs: 8000,
      geocoderIntervalMs: 1000,
      placesRateLimit: { max: 50, windowMs: 60_000 },
    },
    explorerDist: env.EXPLORER_DIST ? resolve(env.EXPLORER_DIST) : undefined,
    adminDist: env.ADMIN_DIST ? resolve(env.ADMIN_DIST) : undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}
