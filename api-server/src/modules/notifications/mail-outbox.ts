import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { TokenService } from '../auth/index.ts';
import { mailContactsOf } from '../users/index.ts';
import { leaseDueMail, settleMail } from './mail-outbox-repository.ts';
import { notificationMail } from './notification-mail.ts';

const BATCH = 20;
/** How long a sender holds the rows it took: past it, a sender that died is assumed gone and they go again. */
const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
/** 30 s, 2 min, 8 min, 32 min between tries. */
const retryDelayMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);

export type MailOutbox = {
  /** Sends every due mail now; answers how many were sent. Tests call it; production also polls. */
  deliverDue(): Promise<number>;
  close(): Promise<void>;
};

type Deps = {
  db: Db;
  mailer: Mailer;
  tokens: TokenService;
  log: FastifyBaseLogger;
  config: Pick<AppConfig, 'publicOrigin' | 'apiPublicUrl' | 'mailOutboxPollMs'>;
};

/**
 * Sends the notification mail queued by notify() (docs/product-rules/social.md#notification-mail). Every
 * `mailOutboxPollMs` it leases due rows with SKIP LOCKED, so several instances share the work and none sends a
 * row another holds; a failed send is tried again later, up to 5 times.
 */
export function createMailOutbox(deps: Deps): MailOutbox {
  let running: Promise<number> | null = null;

  async function sendBatch(): Promise<number> {
    const rows = await leaseDueMail(deps.db, BATCH, LEASE_MS);
    if (rows.length === 0) return 0;
    const people = await mailContactsOf(deps.db, [...new Set(rows.map((row) => row.userId))]);
    const personOf = new Map(people.map((person) => [person.id, person]));
    let sent = 0;
    for (const row of rows) {
      const person = personOf.get(row.userId);
      try {
        if (!person) throw new Error('the account is gone');
        const unsubscribe = await deps.tokens.signUnsubscribe({ userId: row.userId, kind: row.kind });
        await deps.mailer.send(notificationMail({ ...row, ...person, unsubscribe }, deps.config));
        await settleMail(deps.db, row.id, { sentAt: new Date() });
        sent += 1;
      } catch (error) {
        const givingUp = row.attempts >= MAX_ATTEMPTS;
        // Never the mail's text: it is the user's own notification.
        deps.log.warn(
          { err: error, mailId: row.id, attempts: row.attempts, givingUp },
          'could not send a notification mail',
        );
        const outcome = givingUp
          ? { failedAt: new Date() }
          : { nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) };
        await settleMail(deps.db, row.id, outcome);
      }
    }
    return sent;
  }

  async function deliverAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await sendBatch();
      total += sent;
      if (sent < BATCH) return total;
    }
  }

  function deliverDue(): Promise<number> {
    // One run at a time in a process; a call during a run waits for it and then runs again for what came since.
    const run = (running ?? Promise.resolve(0)).catch(() => 0).then(deliverAll);
    running = run;
    run
      .finally(() => {
        if (running === run) running = null;
      })
      .catch(() => undefined);
    return run;
  }

  const timer =
    deps.config.mailOutboxPollMs > 0
      ? setInterval(() => {
          deliverDue().catch((error) => deps.log.error({ err: error }, 'the mail outbox failed'));
        }, deps.config.mailOutboxPollMs)
      : null;
  timer?.unref();

  return {
    deliverDue,
    async close() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
