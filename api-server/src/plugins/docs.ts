import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSpec } from '../lib/spec.ts';

/** The contract as JSON at /api/v1/openapi.json and as interactive docs at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  const spec = loadSpec();
  await app.register(swagger, { mode: 'static', specification: { document: spec as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => spec);
});
