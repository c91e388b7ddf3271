import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { mapConnectSources } from './app.ts';
import type { AppConfig } from './config.ts';
import { sendError } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { securityPlugin } from './plugins/security.ts';
import { isPageRequest, spaPlugin } from './plugins/spa.ts';

/** The admin console's static site on ADMIN_PORT; it calls the API on the public origin. */
export async function buildAdminSite(
  config: AppConfig,
  root: string,
  logger?: FastifyServerOptions['logger'],
): Promise<FastifyInstance> {
  // The API's log rules too: its request lines never carry a token parameter (docs/ops/security.md#input-and-logs).
  const app = Fastify({ logger: loggerOptions(config.logLevel, logger) });
  await app.register(securityPlugin, {
    allowedOrigins: [],
    connectSources: mapConnectSources(config),
    production: !config.devMode,
  });
  await app.register(spaPlugin, {
    root,
    runtimeConfig: {
      apiBaseUrl: config.apiPublicUrl,
      publicOrigin: config.publicOrigin,
      mapStyleUrl: config.mapStyleUrl,
    },
  });
  // The console is for its admins: no search engine lists it.
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
  );
  app.setNotFoundHandler((request, reply) => {
    if (app.spaIndex && isPageRequest(request)) return app.spaIndex(request, reply);
    return sendError(reply, 404, 'Not found');
  });
  return app;
}
