import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { QuotaConfig } from '../config.ts';
import { tooManyRequests } from '../lib/http-error.ts';
import type { QuotaName } from '../lib/spec.ts';
import { waitText } from '../lib/wait-text.ts';
import { currentAuth } from './auth.ts';
import { clientAddress } from './client-address.ts';
import { quotaEventTimes } from './quota-events.ts';

export type QuotaRule = {
  /** What is counted, as the message says it: 'quests', 'bug reports'. */
  what: string;
  /** Counted per signed-in account, or per client address for the forms anyone may send. */
  per: 'account' | 'address';
  /** 0 turns the quota off. */
  max: number;
  windowMs: number;
  /** When the subject's counted events in the window were recorded, newest first, at most `limit` of them. */
  recent(subject: string, since: Date, limit: number): Promise<Date[]>;
};

export type QuotaRules = Record<QuotaName, QuotaRule>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The quotas count quota_events (plugins/quota-events.ts), recorded with each accepted quest, proof, bug report,
 * contact message, feedback, support message and friend request and kept when those are deleted, so deleting,
 * abandoning or withdrawing gives no quota back; every API instance sees the same figure without a shared store
 * of its own. No window may outlast the events (24 h).
 */
export function createQuotaRules(
  ctx: Pick<AppContext, 'db'> & { config: { quotas: QuotaConfig } },
): QuotaRules {
  const { quotas } = ctx.config;
  const events =
    (kind: QuotaName): QuotaRule['recent'] =>
    (subject, since, limit) =>
      quotaEventTimes(ctx.db, kind, subject, since, limit);
  return {
    'quest-creations': {
      what: 'quests',
      per: 'account',
      max: quotas.questCreationsPerHour,
      windowMs: HOUR_MS,
      recent: events('quest-creations'),
    },
    'proof-submissions': {
      what: 'proof submissions',
      per: 'account',
      max: quotas.proofSubmissionsPerHour,
      windowMs: HOUR_MS,
      recent: events('proof-submissions'),
    },
    'bug-reports': {
      what: 'bug reports',
      per: 'address',
      max: quotas.bugReportsPerDay,
      windowMs: DAY_MS,
      recent: events('bug-reports'),
    },
    'contact-messages': {
      what: 'contact messages',
      per: 'address',
      max: quotas.contactMessagesPerDay,
      windowMs: DAY_MS,
      recent: events('contact-messages'),
    },
    feedback: {
      what: 'feedback messages',
      per: 'account',
      max: quotas.feedbackPerDay,
      windowMs: DAY_MS,
      recent: events('feedback'),
    },
    'support-messages': {
      what: 'messages to the team',
      per: 'account',
      max: quotas.supportMessagesPerHour,
      windowMs: HOUR_MS,
      recent: events('support-messages'),
    },
    // Each request notifies and may mail its receiver, whoever they are: without a cap one account could
    // send the platform's mail to every member (docs/ops/security.md#quotas).
    'friend-requests': {
      what: 'friend requests',
      per: 'account',
      max: quotas.friendRequestsPerDay,
      windowMs: DAY_MS,
      recent: events('friend-requests'),
    },
  };
}

function limitMessage(rule: QuotaRule, waitMs: number): string {
  const period = rule.windowMs === DAY_MS ? '24 hours' : rule.windowMs === HOUR_MS ? 'hour' : 'minute';
  const whose = rule.per === 'account' ? 'per account' : 'from one address';
  return `You have reached the limit of ${rule.max} ${rule.what} ${whose} per ${period}. Please try again in ${waitText(waitMs)}.`;
}

/**
 * onRequest guards for the operations marked `x-quota`: they run after authentication and before the body is
 * read, so a refused request never buffers its uploads. Requests admitted but not yet answered hold a place
 * too: their rows do not exist while their photos are still arriving, and without that place a burst of
 * parallel uploads would all pass. Those places are kept in this process, so with several instances a burst
 * can exceed a quota by what the other instances have in flight (a later issue moves limits to Redis).
 */
export function createQuotaGuards(rules: QuotaRules) {
  const inFlight = new Map<string, number>();

  function hold(key: string): () => void {
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    };
  }

  return function guardFor(name: QuotaName): onRequestHookHandler {
    const rule = rules[name];
    return async function quota(request: FastifyRequest, reply: FastifyReply) {
      if (rule.max <= 0) return;
      const subject = rule.per === 'account' ? currentAuth(request).user.id : clientAddress(request);
      const key = `${name}\n${subject}`;
      const ahead = inFlight.get(key) ?? 0;
      const release = hold(key);
      try {
        const now = Date.now();
        const room = rule.max - ahead;
        const times = room > 0 ? await rule.recent(subject, new Date(now - rule.windowMs), room) : [];
        const oldestCounted = times[room - 1];
        if (room <= 0 || oldestCounted) {
          // The wait until the oldest row that keeps the count at the limit leaves the window; when only
          // requests still in flight fill the quota, they will most likely become rows, so a whole window.
          const freedAt = oldestCounted ? oldestCounted.getTime() + rule.windowMs : now + rule.windowMs;
          throw tooManyRequests(limitMessage(rule, freedAt - now), (freedAt - now) / 1000);
        }
      } catch (error) {
        release();
        throw error;
      }
      // Held until the answer is sent (or the client goes away), when the row, if any, exists.
      reply.raw.once('close', release);
    };
  };
}
