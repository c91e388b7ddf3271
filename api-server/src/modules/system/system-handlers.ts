import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import { latestDevMail } from './dev-outbox-repository.ts';
import { checkHealth, checkReadiness, createReadinessProbe } from './health.ts';

export function systemHandlers(ctx: AppContext) {
  const readiness = createReadinessProbe(ctx);
  /** A caller sending METRICS_TOKEN as its bearer token: the operators' monitoring. */
  const isOperator = (authorization: string | undefined) => {
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return Boolean(ctx.config.metricsToken && given && sameSecret(given, ctx.config.metricsToken));
  };
  return {
    async getHealth() {
      return { message: 'OK', data: await checkHealth(ctx) };
    },
    async getReadiness(request) {
      const detailed = isOperator(request.headers.authorization);
      return { message: 'Ready', data: await checkReadiness(ctx, readiness, detailed) };
    },
    async listDevOutbox(request) {
      const to = request.query.to?.trim().toLowerCase();
      // What a request queued to send after its answer is in the outbox before anyone reads it.
      await ctx.mailer.idle();
      const rows = await latestDevMail(ctx.db, to);
      return {
        message: 'Dev outbox',
        data: rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          sentAt: row.sentAt.toISOString(),
        })),
      };
    },
  } satisfies Handlers;
}
