import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { AppConfig, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import type { Handlers } from './lib/route-types.ts';
import { adminHandlers } from './modules/admin/admin-routes.ts';
import { authHandlers } from './modules/auth/auth-routes.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { badgesHandlers } from './modules/badges/badges-routes.ts';
import { friendsHandlers } from './modules/friends/friends-routes.ts';
import { geoHandlers } from './modules/geo/geo-routes.ts';
import { createGeoService } from './modules/geo/geo-service.ts';
import { notificationsHandlers } from './modules/notifications/notifications-routes.ts';
import { progressHandlers } from './modules/progress/progress-routes.ts';
import { configureCatalogueCache } from './modules/quests/catalogue-cache.ts';
import { questsHandlers } from './modules/quests/quests-routes.ts';
import { reviewsHandlers } from './modules/reviews/reviews-routes.ts';
import { supportHandlers } from './modules/support/support-routes.ts';
import { systemHandlers } from './modules/system/system-routes.ts';
import { usersHandlers } from './modules/users/users-routes.ts';
import { createAccountCache } from './plugins/account-cache.ts';
import { createAuthenticate } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { answerFrameworkError, errorsPlugin, sendError } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { createPrivateFileUrls, type PrivateFileUrls, privateFilesPlugin } from './plugins/private-files.ts';
import { createQuotaGuards, createQuotaRules } from './plugins/quotas.ts';
import { routesPlugin } from './plugins/routes.ts';
import { securityPlugin } from './plugins/security.ts';
import { isPageRequest, spaPlugin } from './plugins/spa.ts';
import { createLocalStorage, type Storage, uploadsPlugin } from './plugins/storage.ts';

/** Requests that cannot change an account; any other one clears the shared accounts when it has finished. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  storage?: Storage;
  privateFiles?: PrivateFileUrls;
};

export function collectHandlers(ctx: AppContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
    ...usersHandlers(ctx),
    ...friendsHandlers(ctx),
    ...notificationsHandlers(ctx),
    ...badgesHandlers(ctx),
    ...supportHandlers(ctx),
    ...questsHandlers(ctx),
    ...progressHandlers(ctx),
    ...reviewsHandlers(ctx),
    ...geoHandlers(ctx),
    ...adminHandlers(ctx),
  };
}

/** The API and, unless offline, the map style's host (tiles, glyphs and sprites come from it). */
export function mapConnectSources(config: AppConfig): string[] {
  const sources = [new URL(config.apiPublicUrl).origin];
  if (/^https?:\/\//.test(config.mapStyleUrl)) sources.push(new URL(config.mapStyleUrl).origin);
  return sources;
}

export function explorerRuntimeConfig(config: AppConfig) {
  return { apiBaseUrl: '/api/v1', adminOrigin: config.adminOrigin, mapStyleUrl: config.mapStyleUrl };
}

/**
 * Off unless TRUST_PROXY says who is in front: otherwise any client could pick its own request.ip with
 * X-Forwarded-For and start every per-IP limit afresh. Fastify 5.12.1 stopped honouring a numeric trustProxy,
 * since a hop count cannot tell the proxy from a client that reaches the port directly; the README's Security
 * section therefore limits hop counts to servers that only the proxy can reach, and they are spelt out here
 * as proxy-addr's (address, hop) rule: the socket's peer is hop 0.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
}

export function privateFileUrlsFor(config: AppConfig): PrivateFileUrls {
  return createPrivateFileUrls({ secret: config.jwtSecret, ttlSeconds: config.privateFileUrlTtlSeconds });
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
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer:
      options.mailer ??
      createMailer({
        transport: config.mailTransport,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        db: database.db,
        log: app.log,
      }),
    storage: options.storage ?? createLocalStorage(config.storageDir),
    privateFiles: options.privateFiles ?? privateFileUrlsFor(config),
    tokens: createTokenService(config.jwtSecret),
    accounts: createAccountCache(database.db, config.accountCacheMs),
    log: app.log,
    geo: createGeoService({ config, db: database.db, log: app.log }),
  };
  app.decorateRequest('auth', null);
  configureCatalogueCache(database.db, config.catalogueCacheMs);
  const { accounts } = ctx;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_ONLY_METHODS.has(request.method)) accounts.forgetAll();
    return payload;
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    allowedOrigins: [config.publicOrigin, config.adminOrigin],
    connectSources: mapConnectSources(config),
    production: !config.devMode,
  });
  await app.register(multipartPlugin);
  await app.register(uploadsPlugin, { root: config.storageDir });
  await app.register(privateFilesPlugin, { root: config.storageDir, urls: ctx.privateFiles });
  await app.register(routesPlugin, {
    handlers: collectHandlers(ctx),
    authenticate: createAuthenticate({ ...ctx, accounts }),
    devRoutes: config.devMode,
    authRateLimitPerMinute: config.rateLimit.authPerMinute,
    quotaGuard: createQuotaGuards(createQuotaRules(ctx)),
  });
  await app.register(docsPlugin);
  if (config.explorerDist) {
    await app.register(spaPlugin, {
      root: config.explorerDist,
      runtimeConfig: explorerRuntimeConfig(config),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (app.spaIndex && isPageRequest(request)) return app.spaIndex(request, reply);
    return sendError(reply, 404, 'Route not found');
  });
  return app;
}
