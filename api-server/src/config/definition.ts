import { LIVE_EVENTS } from '@cityquest/contract';

/**
 * Every environment variable the server reads: one JSON Schema, checked by env-schema (load-config.ts), whose
 * descriptions and defaults are also the configuration reference. A default that depends on another variable
 * (DEV_MODE, NODE_ENV, PORT) is computed in load-config.ts and said in the description; rules across variables
 * live in production-rules.ts.
 */

/** A 1/0 switch: anything else is refused rather than guessed (read case-insensitively). */
export const SWITCH_VALUES = ['1', '0', 'true', 'false'] as const;

/** An http(s) base URL; its trailing slash is dropped. */
const HTTP_URL_PATTERN = '^https?://[^/]';

/** OpenFreeMap's free OpenStreetMap vector style. */
const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const DEFAULT_GEO_USER_AGENT = 'CityQuest/1.0 (+https://github.com/cityquest)';

const text = (description: string) => ({ type: 'string', description }) as const;
const textOr = <T extends string>(fallback: T, description: string) =>
  ({ type: 'string', default: fallback, description }) as const;
const url = <T extends string>(fallback: T, description: string) =>
  ({ type: 'string', pattern: HTTP_URL_PATTERN, default: fallback, description }) as const;
const toggle = (description: string) => ({ type: 'string', enum: SWITCH_VALUES, description }) as const;
const count = <T extends number>(fallback: T, description: string) =>
  ({ type: 'number', minimum: 0, default: fallback, description }) as const;
/** A number whose default depends on NODE_ENV or DEV_MODE (load-config.ts). */
const countUnlessSet = (description: string) => ({ type: 'number', minimum: 0, description }) as const;

export const CONFIG_DEFINITION = {
  type: 'object',
  additionalProperties: false,
  properties: {
    DEV_MODE: toggle(
      'Set by `npm start`: the dev outbox, a JWT secret generated into DATA_DIR, demo seeding and plain-http ' +
        'headers. Unset, the server runs in production mode whatever NODE_ENV says.',
    ),
    NODE_ENV: text("Only 'test' matters: the test suites' quiet logs, no caches and no background timers."),
    PORT: count(8080, 'Port of the explorer app and the API.'),
    ADMIN_PORT: count(8081, 'Port of the admin console.'),
    HOST: textOr('127.0.0.1', 'Interface to listen on; only this machine reaches the default.'),
    TRUST_PROXY: text(
      "Whose X-Forwarded-For sets the client's address: unset or 0 = nobody's; a number = that many proxies in " +
        "front; otherwise the proxies' addresses, CIDR ranges or loopback, linklocal, uniquelocal, " +
        'comma-separated. `true` is refused.',
    ),
    DATA_DIR: textOr('./.data', 'Folder of the local database, uploads and the dev secret.'),
    DATABASE_URL: text('PostgreSQL connection string; unset, an embedded database in DATA_DIR.'),
    DATABASE_DIRECT_URL: text(
      'A PostgreSQL connection that keeps its session, for migrations, start-up locks and LISTEN: set it when ' +
        'DATABASE_URL is a transaction pooler such as PgBouncer (docs/ops/database.md); unset, DATABASE_URL.',
    ),
    DATABASE_REPLICA_URL: text(
      'Streaming replicas of the DATABASE_URL primary, comma-separated: they answer the catalogue, quest pages, ' +
        'search, leaderboards and the console lists (docs/ops/database.md#read-replicas).',
    ),
    DATABASE_REPLICA_MAX_LAG_MS: count(
      2000,
      'A replica further behind the primary than this is not read from until it catches up; for as long (plus ' +
        'one check) after an account writes, its own reads go to the primary.',
    ),
    SMTP_URL: text(
      'Mail server (e.g. smtps://user:password@mail.example.com:465); required outside DEV_MODE.',
    ),
    MAIL_TRANSPORT: {
      type: 'string',
      enum: ['log'],
      description:
        "'log' starts without SMTP_URL and only logs each mail's recipient and subject (unsafe: codes reach nobody).",
    },
    MAIL_FROM: textOr('CityQuest <no-reply@cityquest.local>', 'Sender of every mail.'),
    SUPPORT_EMAIL: textOr('support@cityquest.local', 'Address shown for support.'),
    REDIS_URL: text(
      'Where API instances share rate limits, provider spacing and cache invalidations; unset, this process alone.',
    ),
    REDIS_PREFIX: textOr('cityquest:', 'Start of every key and channel this deployment uses in that Redis.'),
    METRICS_TOKEN: {
      type: 'string',
      minLength: 32,
      description: 'Bearer token GET /metrics asks for (32 or more characters); unset, there is no /metrics.',
    },
    JWT_SECRET: {
      type: 'string',
      minLength: 32,
      description: 'Signs sessions (32 or more random characters); required outside DEV_MODE.',
    },
    PUBLIC_ORIGIN: text('Origin of the explorer app (default: http://localhost:PORT).'),
    ADMIN_ORIGIN: text('Origin of the admin console (default: http://localhost:ADMIN_PORT).'),
    API_PUBLIC_URL: text('The API as browsers reach it (default: PUBLIC_ORIGIN/api/v1).'),
    STORAGE_URL: text(
      'file:///folder, or s3://[key:secret@]bucket?endpoint=&region=&pathStyle= for an S3-compatible bucket.',
    ),
    STORAGE_DIR: text('Local folder of files when STORAGE_URL names none (default: DATA_DIR/uploads).'),
    AWS_REGION: text("The bucket's region when STORAGE_URL gives none (default: us-east-1)."),
    PUBLIC_FILES_URL: {
      type: 'string',
      pattern: HTTP_URL_PATTERN,
      description: "Where browsers read public files (default: the bucket's address, or the API's /uploads).",
    },
    PRIVATE_FILE_URL_TTL_SECONDS: count(3600, 'How long a signed address of a private file opens it.'),
    MAP_STYLE_URL: textOr(
      DEFAULT_MAP_STYLE_URL,
      "A MapLibre style URL, or 'offline' for the built-in style.",
    ),
    SEED_DEMO: toggle(
      'Creates the demo accounts, whose passwords are public: DEV_MODE=1 and a loopback HOST only.',
    ),
    REQUIRE_ADMIN_2FA: toggle(
      'Admins must turn on two-factor sign-in before any admin call (default: on, off under DEV_MODE).',
    ),
    SUPER_ADMIN_EMAIL: text('Creates this super admin at start; set together with SUPER_ADMIN_PASSWORD.'),
    SUPER_ADMIN_PASSWORD: text('Password of SUPER_ADMIN_EMAIL.'),
    AUTH_RATE_LIMIT_PER_MINUTE: count(
      20,
      'Requests per minute per IP on each sign-in, sign-up and code route.',
    ),
    QUEST_CREATIONS_PER_HOUR: count(10, 'Quests one account may create per hour (0 = no limit).'),
    PROOF_SUBMISSIONS_PER_HOUR: count(30, 'Task proofs one account may submit per hour (0 = no limit).'),
    BUG_REPORTS_PER_DAY: count(20, "Bug reports per client address (an IPv6 client's /64) per 24 hours."),
    CONTACT_MESSAGES_PER_DAY: count(20, 'Contact messages per client address per 24 hours.'),
    FEEDBACK_PER_DAY: count(10, 'Feedback one account may send per 24 hours.'),
    SUPPORT_MESSAGES_PER_HOUR: count(30, 'Messages one account may write to the support team per hour.'),
    FRIEND_REQUESTS_PER_DAY: count(50, 'Friend requests one account may send per 24 hours.'),
    DIRECTIONS_PER_MINUTE: count(30, 'Walking routes one account may ask for per minute.'),
    REVERSE_GEOCODES_PER_MINUTE: count(30, 'Reverse geocoding lookups one account may make per minute.'),
    CATALOGUE_CACHE_MS: countUnlessSet(
      'How long identical reads of the approved catalogue share one answer (default: 2000; 0 = off, and under tests).',
    ),
    DASHBOARD_CACHE_MS: countUnlessSet(
      "How long an explorer's quest dashboard is kept between their changes (default: 30000; 0 = off, and " +
        'under tests). Their own writes, what the live stream tells them and catalogue changes clear it at once.',
    ),
    IMAGE_THREADS: {
      type: 'number',
      minimum: 1,
      description:
        'Worker threads that re-encode and hash uploaded images (default: one fewer than the cores, at least one).',
    },
    IMAGE_QUEUE: {
      type: 'number',
      minimum: 1,
      description:
        'Uploads that may wait for an image thread; past them an upload is answered 503 with Retry-After ' +
        '(default: 8 per thread, at least 16).',
    },
    INSIGHTS_CACHE_MS: countUnlessSet(
      "How long the admin dashboard's figures are shared (default: 30000; 0 = off, and under tests).",
    ),
    LIVE_HEARTBEAT_MS: count(
      LIVE_EVENTS.heartbeatSeconds * 1000,
      'Heartbeat interval of an open event stream.',
    ),
    MAIL_OUTBOX_POLL_MS: countUnlessSet(
      'How often waiting notification mail is sent (default: 2000; 0 = never by itself, and under tests).',
    ),
    VIEW_FLUSH_MS: countUnlessSet(
      'How often held quest page views are written (default: 5000; 0 = each view at once, and under tests).',
    ),
    VIEW_REPEAT_MS: count(
      30 * 60_000,
      "A reader's repeated reads of a quest within this window count one view.",
    ),
    ACCOUNT_CACHE_MS: count(5000, 'How long an account read to authenticate a call is shared (0 = off).'),
    SESSION_MAX_DAYS: {
      type: 'number',
      exclusiveMinimum: 0,
      default: 30,
      description: 'A session ends this many days after its sign-in, however often it is refreshed.',
    },
    GEOCODER_URL: url('https://nominatim.openstreetmap.org', 'Nominatim-compatible reverse geocoder.'),
    PLACES_URL: url('https://photon.komoot.io', 'Photon-compatible place search.'),
    ROUTER_URL: url(
      'https://routing.openstreetmap.de/routed-foot',
      'OSRM-compatible router with a foot profile.',
    ),
    GEO_USER_AGENT: textOr(DEFAULT_GEO_USER_AGENT, "Sent on every provider call (Nominatim's usage policy)."),
    EXPLORER_DIST: text('Built explorer app to serve; unset, the API serves no app.'),
    ADMIN_DIST: text('Built admin console to serve on ADMIN_PORT.'),
    LOG_LEVEL: text('Pino log level (default: info; silent under tests).'),
  },
} as const;

type Definition = (typeof CONFIG_DEFINITION)['properties'];

/** The environment as the definition reads it: numbers coerced, defaults filled in, unknown names dropped. */
export type ConfigEnv = {
  [Name in keyof Definition]: Definition[Name] extends { type: 'number' }
    ? Definition[Name] extends { default: number }
      ? number
      : number | undefined
    : Definition[Name] extends { default: string }
      ? string
      : string | undefined;
};
