import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devOutbox } from '../../db/platform.tables.ts';

/** The newest 100 mails the development outbox kept, to one address or to anyone. */
export function latestDevMail(db: Db, to: string | undefined) {
  return db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.to, to) : undefined)
    .orderBy(desc(devOutbox.sentAt))
    .limit(100);
}
