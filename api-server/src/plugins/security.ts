import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { HttpError } from '../lib/http-error.ts';
import { API_PREFIX } from './routes.ts';

type SecurityOptions = {
  allowedOrigins: string[];
  connectSources: string[];
  production: boolean;
  /** Where the rate limits count: every API instance together in Redis, or this process without one. */
  redis?: Redis;
  redisPrefix?: string;
};

/** Security headers, CORS limited to the two SPA origins, and the rate-limit machinery routes opt into. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // Built once: @fastify/helmet rebuilds Helmet's middleware, CSP parsing included, on every request, which cost
  // about a tenth of a cached catalogue read.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The API's origin serves uploaded pictures to the admin console, which lives on another origin.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...options.connectSources],
        connectSrc: ["'self'", ...options.connectSources],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Local http origins (npm start) must not be upgraded to https.
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    // Helmet passes only the Errors its CSP directive functions return, and ours are all fixed strings.
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
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
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.redisPrefix ?? ''}rate-limit:`,
          // While Redis does not answer, the routes stay open rather than refusing everyone.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        undefined,
        { 'Retry-After': String(Math.ceil(context.ttl / 1000)) },
      ),
  });
});
