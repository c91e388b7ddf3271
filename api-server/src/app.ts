import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.ts';
import { type AppConfig, apiRootOf, type TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { createReadRouting } from './db/read-routing.ts';
import { createProcessCoordination, createRedisCoordination } from './lib/coordination.ts';
import { createImagePool, type ImageWork } from './lib/image-pool.ts';
import type { Handlers } from './lib/route-types.ts';
import {
  authHandlers,
  createAccountCache,
  createAuthenticate,
  createTokenService,
  revokeAllSessions,
} from './modules/auth/index.ts';
import { badgeAdminHandlers, badgesHandlers } from './modules/badges/index.ts';
import { createDashboardCache, dashboardHandlers } from './modules/dashboard/index.ts';
import { friendsHandlers } from './modules/friends/index.ts';
import { createGeoService, geoHandlers } from './modules/geo/index.ts';
import { createInsightsCache, insightsHandlers } from './modules/insights/index.ts';
import { leaderboardHandlers, setListedOnBoards } from './modules/leaderboard/index.ts';
import { closeStreamsThatEnded, createLiveEvents, liveEventsHandlers } from './modules/live-events/index.ts';
import {
  createMailOutbox,
  type MailOutbox,
  notificationsHandlers,
  notify,
} from './modules/notifications/index.ts';
import { linkPreviewsPlugin } from './modules/previews/index.ts';
import { profilesHandlers } from './modules/profiles/index.ts';
import {
  completedCountsOf,
  createLivePositionPurge,
  LIVE_POSITION_PURGE_EVERY_MS,
  type LivePositionPurge,
  participantsFor,
  progressHandlers,
  proofImagesOfQuest,
  viewerProgressOf,
} from './modules/progress/index.ts';
import {
  createCatalogueCache,
  createdCountsOf,
  createViewCounter,
  findQuest,
  type QuestParticipation,
  questModerationHandlers,
  questsHandlers,
} from './modules/quests/index.ts';
import { reviewsHandlers } from './modules/reviews/index.ts';
import { conversationHandlers, reportsHandlers, supportHandlers } from './modules/support/index.ts';
import { systemHandlers } from './modules/system/index.ts';
import {
  type AccountChangeEffects,
  type QuestCountsOf,
  userAdminHandlers,
  usersHandlers,
} from './modules/users/index.ts';
import { createAuthRateLimit } from './plugins/auth-rate-limit.ts';
import { docsPlugin } from './plugins/docs.ts';
import { answerFrameworkError, errorsPlugin, sendError } from './plugins/errors.ts';
import { createFileAddresses, type FileAddresses } from './plugins/file-addresses.ts';
import { loggerOptions } from './plugins/logging.ts';
import { createMailer, type MailSender, withLaterSends } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { createPrivateFileUrls, type PrivateFileUrls, privateFilesPlugin } from './plugins/private-files.ts';
import { createQuotaGuards, createQuotaRules } from './plugins/quotas.ts';
import { routesPlugin } from './plugins/routes.ts';
import { securityPlugin } from './plugins/security.ts';
import { isPageRequest, spaPlugin } from './plugins/spa.ts';
import { statementCountPlugin } from './plugins/statement-count.ts';
import { createLocalStorage, type Storage, uploadsPlugin } from './plugins/storage.ts';
import { yardstickPlugin } from './plugins/yardstick.ts';

/** Requests that cannot change an account; any other one clears the shared accounts when it has finished. */
const READ_ONLY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: MailSender;
  storage?: Storage;
  /** The image worker pool; by default one sized by the config. */
  images?: ImageWork;
  privateFiles?: PrivateFileUrls;
};

/**
 * What an admin's change to an account sets off in the domains that build on users (users cannot import them):
 * the leaderboards' listing and a notice inside the change's transaction, and the end of its sessions after it.
 */
function accountChangeEffects(ctx: AppContext): AccountChangeEffects {
  return {
    async applied(tx, { before, after, notice }) {
      if (after.accountVerified !== before.accountVerified)
        await setListedOnBoards(tx, after.id, after.accountVerified);
      if (notice) await notify(tx, after.id, { type: 'system', ...notice });
    },
    endSessions: (userId) => revokeAllSessions(ctx, userId),
  };
}

/** The quests an account completed and created, as an admin's view of accounts counts them. */
const accountQuestCounts: QuestCountsOf = async (db, userIds) => {
  const [completed, created] = await Promise.all([
    completedCountsOf(db, userIds),
    createdCountsOf(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      { questsCompleted: completed.get(id) ?? 0, questsCreated: created.get(id) ?? 0 },
    ]),
  );
};

/** Explorers' records as quests' pages and a quest's removal read them, from progress (above quests). */
const questParticipation: QuestParticipation = { participantsFor, viewerProgressOf, proofImagesOfQuest };

export function collectHandlers(ctx: AppContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx, accountQuestCounts),
    ...usersHandlers(ctx),
    ...profilesHandlers(ctx),
    ...friendsHandlers(ctx),
    ...notificationsHandlers(ctx),
    ...liveEventsHandlers(ctx),
    ...badgesHandlers(ctx),
    ...leaderboardHandlers(ctx),
    ...supportHandlers(ctx),
    ...conversationHandlers(ctx),
    ...questsHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...progressHandlers(ctx),
    ...reviewsHandlers(ctx),
    ...geoHandlers(ctx),
    ...insightsHandlers(ctx),
    ...questModerationHandlers(ctx),
    ...userAdminHandlers(ctx, accountChangeEffects(ctx), accountQuestCounts),
    ...badgeAdminHandlers(ctx),
    ...reportsHandlers(ctx),
  };
}

/** The API and, unless offline, the map style's host (tiles, glyphs and sprites come from it). */
export function mapConnectSources(config: AppConfig): string[] {
  const sources = [new URL(config.apiPublicUrl).origin];
  const files = new URL(config.publicFilesUrl).origin;
  if (!sources.includes(files)) sources.push(files);
  if (/^https?:\/\//.test(config.mapStyleUrl)) sources.push(new URL(config.mapStyleUrl).origin);
  return sources;
}

export function explorerRuntimeConfig(config: AppConfig) {
  return { apiBaseUrl: '/api/v1', adminOrigin: config.adminOrigin, mapStyleUrl: config.mapStyleUrl };
}

/**
 * Off unless TRUST_PROXY says who is in front: otherwise any client could pick its own request.ip with X-Forwarded-For
 * and start every per-IP limit afresh. Fastify 5.12.1 stopped honouring a numeric trustProxy, since a hop count cannot
 * tell the proxy from a client that reaches the port directly; docs/ops/security.md#proxies-and-client-addresses
 * therefore limits hop counts to servers that only the proxy can reach, and they are spelt out here as proxy-addr's
 * (address, hop) rule: the socket's peer is hop 0.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
}

/**
 * The bucket STORAGE_URL names, or the local folder. The S3 client is loaded only for a bucket: a single instance
 * on its folder does not pay for it at start.
 */
export async function storageFor(config: AppConfig): Promise<Storage> {
  if (!config.bucket) return createLocalStorage(config.storageDir);
  const { createBucketStorage } = await import('./plugins/bucket-storage.ts');
  return createBucketStorage(config.bucket);
}

export function fileAddressesFor(config: AppConfig, privateFiles: PrivateFileUrls): FileAddresses {
  return createFileAddresses({
    publicFilesUrl: config.publicFilesUrl,
    apiRoot: apiRootOf(config),
    privateUrls: privateFiles,
  });
}

export function privateFileUrlsFor(config: AppConfig): PrivateFileUrls {
  return createPrivateFileUrls({ secret: config.jwtSecret, ttlSeconds: config.privateFileUrlTtlSeconds });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification mail outbox, for the API tests to send what is due when they choose. */
    mailOutbox: MailOutbox;
    /** The hourly purge of live positions past 30 days, for the API tests to run when they choose. */
    livePositionPurge: LivePositionPurge;
  }
}

/** The API (and, when built, the explorer app) as one Fastify instance; plugin order matters. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logger),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, strict: false },
      plugins: [addFormats as never],
    },
  });
  const coordination = config.redisUrl
    ? await createRedisCoordination(config.redisUrl, config.redisPrefix, app.log)
    : createProcessCoordination();
  const routing = createReadRouting(database, coordination);
  const catalogue = createCatalogueCache(config.catalogueCacheMs, coordination, routing.fillShared);
  const privateFiles = options.privateFiles ?? privateFileUrlsFor(config);
  const mailer = withLaterSends(
    options.mailer ??
      createMailer({
        transport: config.mailTransport,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        db: database.db,
        log: app.log,
      }),
    app.log,
  );
  const tokens = createTokenService(config.jwtSecret);
  const liveEvents = createLiveEvents({ database, log: app.log });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    reads: routing.db,
    mailer,
    storage: options.storage ?? (await storageFor(config)),
    images: options.images ?? createImagePool(config.imageWork),
    privateFiles,
    files: fileAddressesFor(config, privateFiles),
    tokens,
    accounts: createAccountCache(database.db, config.accountCacheMs, coordination),
    log: app.log,
    coordination,
    geo: createGeoService({ config, db: database.db, log: app.log, coordination }),
    catalogue,
    insights: createInsightsCache(config.insightsCacheMs),
    dashboards: createDashboardCache({ ttlMs: config.dashboardCacheMs, coordination, liveEvents }),
    views: createViewCounter({
      db: database.db,
      flushMs: config.viewFlushMs,
      log: app.log,
      repeats:
        config.viewRepeatMs > 0
          ? coordination.limiter('quest-views', { points: 1, durationMs: config.viewRepeatMs })
          : undefined,
      onFlushed: (questIds) => {
        for (const id of questIds) catalogue.forgetQuest(id);
      },
    }),
    participation: questParticipation,
    mailOutbox: createMailOutbox({ db: database.db, mailer, tokens, log: app.log, config }),
    liveEvents,
  };
  app.decorate('mailOutbox', ctx.mailOutbox);
  closeStreamsThatEnded(ctx);
  // Shared positions are kept 30 days at most, whether or not anyone shares a new one
  // (docs/product-rules/maps-and-location.md#live-position-sharing).
  const livePositionPurge = createLivePositionPurge({
    db: database.db,
    log: app.log,
    everyMs: LIVE_POSITION_PURGE_EVERY_MS,
  });
  app.decorate('livePositionPurge', livePositionPurge);
  app.decorateRequest('auth', null);
  // Before the database closes (server.ts closes the app first): the views still held are written.
  app.addHook('onClose', async () => {
    await ctx.mailer.idle();
    await ctx.mailOutbox.close();
    await livePositionPurge.close();
    await ctx.views.close();
    await coordination.close();
    await ctx.storage.close();
    await ctx.images.close();
  });
  // Answers given while the app closes ask their clients to close the connection: a kept-alive connection
  // whose request was in flight at SIGTERM would otherwise hold server.close(), and the views flush after it,
  // until the grace period ended the process.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Open event streams would hold server.close() until they ended; their clients reconnect elsewhere.
    await ctx.liveEvents.close();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const { accounts } = ctx;
  // Before the answer leaves, so the caller's next call finds no stale account on any instance, and no answer
  // kept from before their write: their dashboard, or a replica that has not replayed the write yet.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (READ_ONLY_METHODS.has(request.method)) return payload;
    await accounts.forgetAll();
    if (request.auth) await coordination.invalidate('writes', request.auth.user.id);
    return payload;
  });
  if (database.replicas) {
    app.addHook('onRequest', (request, _reply, done) =>
      routing.within(
        () => READ_ONLY_METHODS.has(request.method) && !routing.wroteRecently(request.auth?.user.id),
        done,
      ),
    );
  }

  if (config.metricsToken) {
    await app.register(metricsPlugin, {
      token: config.metricsToken,
      pool: database.pool,
      ...(database.replicas ? { replicas: database.replicas.state } : {}),
      caches: { accounts: ctx.accounts.stats, catalogue: ctx.catalogue.stats },
    });
  }
  if (config.devMode) {
    await app.register(statementCountPlugin, { statements: database.statements });
    await app.register(yardstickPlugin, { read: (id: string) => findQuest(database.db, id) });
  }
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    allowedOrigins: [config.publicOrigin, config.adminOrigin],
    connectSources: mapConnectSources(config),
    production: !config.devMode,
  });
  await app.register(multipartPlugin);
  // Public files in a bucket are read from the bucket (or its CDN), never through the API.
  if (!config.bucket) await app.register(uploadsPlugin, { root: config.storageDir });
  await app.register(privateFilesPlugin, { storage: ctx.storage, urls: ctx.privateFiles });
  await app.register(routesPlugin, {
    handlers: collectHandlers(ctx),
    authenticate: createAuthenticate({
      ...ctx,
      accounts,
      requireAdminTwoFactor: config.requireAdminTwoFactor,
    }),
    devRoutes: config.devMode,
    authRateLimit: createAuthRateLimit(coordination, config.rateLimit.authPerMinute),
    quotaGuard: createQuotaGuards(createQuotaRules(ctx)),
  });
  await app.register(docsPlugin);
  if (config.explorerDist) {
    await app.register(spaPlugin, {
      root: config.explorerDist,
      runtimeConfig: explorerRuntimeConfig(config),
    });
    await app.register(linkPreviewsPlugin, {
      ctx,
      indexHtml: app.spaIndexHtml ?? '',
      publicOrigin: config.publicOrigin,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (app.spaIndex && isPageRequest(request)) return app.spaIndex(request, reply);
    return sendError(reply, 404, 'Route not found');
  });
  return app;
}
