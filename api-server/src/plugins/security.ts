import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

type SecurityOptions = { allowedOrigins: string[]; connectSources: string[]; production: boolean };

/** Security headers, CORS limited to the two SPA origins, and the rate-limit machinery routes opt into. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
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
  await app.register(cors, {
    origin: options.allowedOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        undefined,
        { 'Retry-After': String(Math.ceil(context.ttl / 1000)) },
      ),
  });
});
