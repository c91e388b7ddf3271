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
  /** A session connection beside a transaction pooler; undefined: DATABASE_URL does everything. */
  databaseDirectUrl: string | undefined;
  /** DATABASE_REPLICA_URL: streaming replicas that answer the reads db/read-routing.ts routes to them. */
  databaseReplicaUrls: string[];
  /** DATABASE_REPLICA_MAX_LAG_MS: the most a replica read from may trail, and the read-your-writes window. */
  databaseReplicaMaxLagMs: number;
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
  /**
   * How long an explorer's dashboard answer is kept (0 = off; the API tests run with 0); what changes it clears
   * it sooner (modules/dashboard/dashboard-cache.ts).
   */
  dashboardCacheMs: number;
  /** IMAGE_THREADS and IMAGE_QUEUE: the uploads' image worker pool (unset: sized to the cores). */
  imageWork: { threads?: number; queue?: number };
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
