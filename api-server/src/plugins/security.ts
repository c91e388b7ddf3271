import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { staticSiteHeaders } from '../../../scripts/static-headers.ts';
import { API_PREFIX } from './routes.ts';

type SecurityOptions = {
  allowedOrigins: string[];
  connectSources: string[];
  production: boolean;
};

/** Security headers and CORS limited to the two SPA origins. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // The pages' own headers (CSP, frame, sniffing and referrer rules) come from the one definition the SPA
  // builds and the nginx example share (docs/ops/security.md#static-sites-security-headers); every
  // answer carries them.
  const pageHeaders = Object.entries(
    staticSiteHeaders({
      sources: options.connectSources,
      upgradeInsecureRequests: options.production,
    }),
  );
  // Built once: @fastify/helmet rebuilds Helmet's middleware on every request, which cost about a tenth of a
  // cached catalogue read. Helmet adds the rest (HSTS, cross-origin policies, no X-Powered-By).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: false,
    xFrameOptions: false,
    xContentTypeOptions: false,
    referrerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    // Helmet passes only the Errors its middleware returns, and it has none configured to fail.
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // API answers carry tokens and personal data: no browser or shared cache may keep them. A route serving
  // public data may set its own Cache-Control, which this leaves alone.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
  await app.register(cors, {
    origin: options.allowedOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: retried writes; Last-Event-ID: the console's event stream resuming on the API's origin.
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
});
