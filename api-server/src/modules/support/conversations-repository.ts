import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/pagination.ts';
import { joinableUsers } from '../users/index.ts';
import { type ConversationStatus, supportConversations, supportMessages } from './tables/support.tables.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
type Person = { id: string; username: string; fullName: string; avatarUrl: string | null };
export type MessageWithAuthor = typeof supportMessages.$inferSelect & { author: Person | null };
export type ConversationWithExplorer = ConversationRow & { explorer: Person | null };

const explorer = joinableUsers('explorer');
const author = joinableUsers('author');
const personOf = (table: typeof explorer | typeof author) => ({
  id: table.id,
  username: table.username,
  fullName: table.fullName,
  avatarUrl: table.avatarUrl,
});

type Joined = { [Key in keyof Person]: Person[Key] | null } | null;
/** A left-joined person: none once their account is deleted. */
const personOrNull = (joined: Joined): Person | null =>
  joined?.id && joined.username !== null && joined.fullName !== null
    ? { id: joined.id, username: joined.username, fullName: joined.fullName, avatarUrl: joined.avatarUrl }
    : null;

/**
 * The explorer's open conversation, started if there is none. The partial unique index on open conversations
 * makes two first messages sent at once land in the same conversation.
 */
export async function openConversationOf(tx: Db, userId: string, at: Date): Promise<string> {
  const [row] = await tx
    .insert(supportConversations)
    .values({ userId, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: supportConversations.userId,
      targetWhere: sql`${supportConversations.status} = 'open'`,
      set: { updatedAt: at },
    })
    .returning({ id: supportConversations.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function addMessage(
  tx: Db,
  message: { conversationId: string; authorId: string; fromTeam: boolean; text: string; at: Date },
): Promise<void> {
  await tx.insert(supportMessages).values({
    conversationId: message.conversationId,
    authorId: message.authorId,
    fromTeam: message.fromTeam,
    text: message.text,
    createdAt: message.at,
  });
  await tx
    .update(supportConversations)
    .set({ updatedAt: message.at })
    .where(eq(supportConversations.id, message.conversationId));
}

/** The explorer's open conversation, else their latest closed one. */
export async function latestConversationIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(sql`${supportConversations.status} = 'open' desc`, desc(supportConversations.updatedAt))
    .limit(1);
  return row?.id ?? null;
}

export async function lockConversation(tx: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, id))
    .for('update');
  return row;
}

export async function closeConversation(tx: Db, id: string, adminId: string, at: Date): Promise<void> {
  await tx
    .update(supportConversations)
    .set({ status: 'closed', closedAt: at, closedBy: adminId, updatedAt: at })
    .where(eq(supportConversations.id, id));
}

export async function findConversation(db: Db, id: string): Promise<ConversationWithExplorer | undefined> {
  const [row] = await db
    .select({ conversation: supportConversations, explorer: personOf(explorer) })
    .from(supportConversations)
    .leftJoin(explorer, eq(explorer.id, supportConversations.userId))
    .where(eq(supportConversations.id, id));
  return row ? { ...row.conversation, explorer: personOrNull(row.explorer) } : undefined;
}

export async function messagesOf(db: Db, conversationId: string): Promise<MessageWithAuthor[]> {
  const rows = await db
    .select({ message: supportMessages, author: personOf(author) })
    .from(supportMessages)
    .leftJoin(author, eq(author.id, supportMessages.authorId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map((row) => ({ ...row.message, author: personOrNull(row.author) }));
}

export type ConversationListing = ConversationWithExplorer & {
  lastMessage: MessageWithAuthor;
  messageCount: number;
};

/** A page of conversations, most recently active first, with each one's last message and message count. */
export async function listConversations(
  db: Db,
  status: ConversationStatus | 'all',
  page: Page,
): Promise<{ rows: ConversationListing[]; total: number }> {
  const where = status === 'all' ? undefined : eq(supportConversations.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ conversation: supportConversations, explorer: personOf(explorer) })
      .from(supportConversations)
      .leftJoin(explorer, eq(explorer.id, supportConversations.userId))
      .where(where)
      .orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(supportConversations).where(where),
  ]);
  const ids = rows.map((row) => row.conversation.id);
  if (!ids.length) return { rows: [], total: total?.value ?? 0 };
  const [lasts, counts] = await Promise.all([
    db
      .selectDistinctOn([supportMessages.conversationId], {
        message: supportMessages,
        author: personOf(author),
      })
      .from(supportMessages)
      .leftJoin(author, eq(author.id, supportMessages.authorId))
      .where(inArray(supportMessages.conversationId, ids))
      .orderBy(supportMessages.conversationId, desc(supportMessages.createdAt), desc(supportMessages.id)),
    db
      .select({ conversationId: supportMessages.conversationId, value: count() })
      .from(supportMessages)
      .where(inArray(supportMessages.conversationId, ids))
      .groupBy(supportMessages.conversationId),
  ]);
  const lastOf = new Map(
    lasts.map((row) => [row.message.conversationId, { ...row.message, author: personOrNull(row.author) }]),
  );
  const countOf = new Map(counts.map((row) => [row.conversationId, row.value]));
  return {
    rows: rows.flatMap((row) => {
      const lastMessage = lastOf.get(row.conversation.id);
      return lastMessage
        ? [
            {
              ...row.conversation,
              explorer: personOrNull(row.explorer),
              lastMessage,
              messageCount: countOf.get(row.conversation.id) ?? 1,
            },
          ]
        : [];
    }),
    total: total?.value ?? 0,
  };
}
