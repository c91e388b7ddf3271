import type { OutgoingHttpHeaders } from 'node:http';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import type { StreamedEvent } from './live-events.ts';

const MODERATOR_ROLES: readonly string[] = ['admin', 'super_admin'];
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/** The access token's expiry (already verified by authentication), in ms from now. */
function tokenLifetimeMs(authorization: string | undefined): number {
  const exp = decodeJwt(authorization?.replace(/^Bearer /i, '') ?? '').exp;
  return exp ? Math.max(0, exp * 1000 - Date.now()) : 0;
}

const frame = ({ id, event }: StreamedEvent) =>
  `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function liveEventsHandlers(ctx: AppContext) {
  return {
    /**
     * GET /events: one user's live updates (docs/product-rules/offline-play.md#live-updates). The stream ends
     * when the access token expires, so a signed-out or revoked session stops hearing; the client reconnects
     * with a fresh token and its Last-Event-ID.
     */
    async streamEvents(request, reply) {
      const { user } = currentAuth(request);
      const lifetime = tokenLifetimeMs(request.headers.authorization);
      await ctx.liveEvents.ready();
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // Proxies such as nginx would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      stream.write(`retry: ${RETRY_MS}\n\n`);
      const ended = new Promise<void>((resolve) => {
        const { missed, detach } = ctx.liveEvents.attach(
          {
            userId: user.id,
            moderator: MODERATOR_ROLES.includes(user.role),
            send: (streamed) => stream.write(frame(streamed)),
            end: () => stream.end(),
          },
          request.headers['last-event-id'] as string | undefined,
        );
        for (const streamed of missed) stream.write(frame(streamed));
        const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), ctx.config.liveHeartbeatMs);
        const expiry = setTimeout(() => stream.end(), lifetime);
        stream.once('close', () => {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          detach();
          resolve();
        });
      });
      await ended;
      return { message: 'Stream closed', data: undefined as never };
    },
  } satisfies Handlers;
}
