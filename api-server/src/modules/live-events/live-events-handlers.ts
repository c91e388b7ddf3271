import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../app-context.ts';
import type { Leases } from '../../lib/coordination.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { actsAsAdmin, currentAuth } from '../../plugins/auth.ts';
import type { StreamedEvent } from './live-events.ts';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;
/** Open streams one account may hold on an instance: a few tabs and devices, not a flood of connections. */
export const STREAMS_PER_ACCOUNT = 5;

/** The access token's expiry (already verified by authentication), in ms from now. */
function tokenLifetimeMs(authorization: string | undefined): number {
  const exp = decodeJwt(authorization?.replace(/^Bearer /i, '') ?? '').exp;
  return exp ? Math.max(0, exp * 1000 - Date.now()) : 0;
}

const frame = ({ id, event }: StreamedEvent) =>
  `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * A stream lives no longer than its session's right to it: when an account's sessions may have changed (logout,
 * revocation, suspension, deletion, a role change: each tells every instance through the account cache), its
 * open streams here are checked again and those whose session ended, or whose admin powers changed, are closed
 * (docs/product-rules/offline-play.md#live-updates).
 */
export function closeStreamsThatEnded(ctx: AppContext): void {
  ctx.coordination.onInvalidate('accounts', (userId) => {
    const streams = ctx.liveEvents.streamsOf(userId);
    if (streams.length === 0) return;
    void (async () => {
      for (const stream of streams) {
        const account = await ctx.accounts.find(userId, stream.sessionId).catch(() => undefined);
        const allowed =
          account?.sessionLive === true &&
          account.user.accountVerified &&
          actsAsAdmin(account, { adminTwoFactor: ctx.config.requireAdminTwoFactor }) === stream.moderator;
        if (!allowed) stream.end();
      }
    })();
  });
}

export function liveEventsHandlers(ctx: AppContext) {
  // Counted where every instance counts (Redis with REDIS_URL); a lease lives three heartbeats unless renewed, so
  // the streams of an instance that died free their places.
  let leases: Leases | undefined;
  const streamLeases = () =>
    (leases ??= ctx.coordination.leases('event-streams', {
      max: STREAMS_PER_ACCOUNT,
      ttlMs: 3 * ctx.config.liveHeartbeatMs,
    }));
  return {
    /**
     * GET /events: one user's live updates (docs/product-rules/offline-play.md#live-updates). The stream ends
     * when the access token expires, so a signed-out or revoked session stops hearing; the client reconnects
     * with a fresh token and its Last-Event-ID.
     */
    async streamEvents(request, reply) {
      const auth = currentAuth(request);
      const { user } = auth;
      const streamId = randomUUID();
      if (!(await streamLeases().acquire(user.id, streamId)))
        throw tooManyRequests(
          `At most ${STREAMS_PER_ACCOUNT} live connections per account: close another tab or device first.`,
          30,
        );
      const lifetime = tokenLifetimeMs(request.headers.authorization);
      await ctx.liveEvents.ready().catch(async (error: unknown) => {
        await streamLeases().release(user.id, streamId);
        throw error;
      });
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
            sessionId: auth.sessionId,
            moderator: auth.actsAsAdmin,
            send: (streamed) => stream.write(frame(streamed)),
            end: () => stream.end(),
          },
          request.headers['last-event-id'] as string | undefined,
        );
        for (const streamed of missed) stream.write(frame(streamed));
        const heartbeat = setInterval(() => {
          stream.write(': heartbeat\n\n');
          void streamLeases().renew(user.id, streamId);
        }, ctx.config.liveHeartbeatMs);
        const expiry = setTimeout(() => stream.end(), lifetime);
        stream.once('close', () => {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          detach();
          void streamLeases().release(user.id, streamId);
          resolve();
        });
      });
      await ended;
      return { message: 'Stream closed', data: undefined as never };
    },
  } satisfies Handlers;
}
