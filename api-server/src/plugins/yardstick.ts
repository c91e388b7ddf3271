import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { isLocalClient } from './routes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const YARDSTICK_PATH = '/dev/yardstick/quests/:id';

/**
 * Development only: the bench's second yardstick
 * (docs/ops/performance.md#the-hot-routes-against-one-database-round-trip). It answers one quest row read by primary
 * key through the app's own pool and hooks: the cost of one database round trip on the host, which the hot routes are
 * measured against (a ratio to the bare Fastify route moves with the host). It returns raw rows, pending quests
 * included, so like the dev outbox it answers only this machine (docs/ops/security.md#safe-by-default); anyone else
 * gets the unknown route's 404.
 */
export const yardstickPlugin = fp(
  async (app: FastifyInstance, opts: { read(id: string): Promise<object | undefined> }) => {
    app.get<{ Params: { id: string } }>(YARDSTICK_PATH, async (request, reply) => {
      if (!isLocalClient(request)) return sendError(reply, 404, 'Route not found');
      const { id } = request.params;
      const row = UUID.test(id) ? await opts.read(id) : undefined;
      if (!row) return reply.code(404).send({ success: false, statusCode: 404, message: 'Not found' });
      return { success: true, statusCode: 200, message: 'OK', data: row };
    });
  },
);
