import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StatementCounter } from '../db/client.ts';

export const STATEMENTS_HEADER = 'x-db-statements';

/**
 * Development and tests only: each answer says how many SQL statements its request ran, so the bench reports
 * statements per request beside req/s and tests can hold a route to its count
 * (docs/ops/performance.md#the-hot-routes-against-one-database-round-trip).
 */
export const statementCountPlugin = fp(
  async (app: FastifyInstance, opts: { statements: StatementCounter }) => {
    app.addHook('onRequest', (_request, _reply, done) => opts.statements.within(done));
    app.addHook('onSend', async (_request, reply, payload) => {
      const count = opts.statements.current();
      if (count !== undefined) reply.header(STATEMENTS_HEADER, String(count));
      return payload;
    });
  },
);
