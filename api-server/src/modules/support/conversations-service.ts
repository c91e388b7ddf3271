import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { type PageQuery, paginationOf, toPage } from '../../lib/pagination.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { notify } from '../notifications/index.ts';
import { toUserSummary } from '../users/index.ts';
import * as repo from './conversations-repository.ts';
import type { ConversationStatus } from './tables/support.tables.ts';

// docs/product-rules/social.md#support-conversations
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CONVERSATION_CLOSED = 'This conversation is closed';
export const MESSAGE_REQUIRED = 'Please write a message.';

const PREVIEW_CHARACTERS = 120;

function toMessageDto(message: repo.MessageWithAuthor, files: FileAddresses): Schema<'SupportMessage'> {
  return {
    _id: message.id,
    fromTeam: message.fromTeam,
    author: message.author ? toUserSummary(message.author, files) : null,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
  };
}

async function conversationDto(ctx: AppContext, id: string): Promise<Schema<'SupportConversation'>> {
  const [conversation, messages] = await Promise.all([
    repo.findConversation(ctx.db, id),
    repo.messagesOf(ctx.db, id),
  ]);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    _id: conversation.id,
    status: conversation.status,
    explorer: conversation.explorer ? toUserSummary(conversation.explorer, ctx.files) : null,
    messages: messages.map((message) => toMessageDto(message, ctx.files)),
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    closedAt: conversation.closedAt ? conversation.closedAt.toISOString() : null,
  };
}

function messageText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw fieldError('text', MESSAGE_REQUIRED);
  return trimmed;
}

/** GET /support/conversation: the explorer's open conversation, else their latest closed one, else null. */
export async function myConversation(
  ctx: AppContext,
  explorer: { id: string },
): Promise<Schema<'SupportConversation'> | null> {
  const id = await repo.latestConversationIdOf(ctx.db, explorer.id);
  return id ? conversationDto(ctx, id) : null;
}

/** POST /support/conversation/messages: into the open conversation, started when none is open. */
export async function sendMessage(
  ctx: AppContext,
  explorer: { id: string },
  body: Schema<'SupportMessageRequest'>,
): Promise<Schema<'SupportConversation'>> {
  const text = messageText(body.text);
  const at = new Date();
  const id = await ctx.db.transaction(async (tx) => {
    const conversationId = await repo.openConversationOf(tx, explorer.id, at);
    await repo.addMessage(tx, { conversationId, authorId: explorer.id, fromTeam: false, text, at });
    return conversationId;
  });
  return conversationDto(ctx, id);
}

/** GET /admin/support/conversations: open ones by default, most recently active first. */
export async function listConversations(
  ctx: AppContext,
  query: PageQuery & { status?: ConversationStatus | 'all' },
): Promise<Schema<'ConversationPage'>> {
  const page = toPage(query, 20);
  const { rows, total } = await repo.listConversations(ctx.db, query.status ?? 'open', page);
  return {
    conversations: rows.map((row) => ({
      _id: row.id,
      status: row.status,
      explorer: row.explorer ? toUserSummary(row.explorer, ctx.files) : null,
      lastMessage: toMessageDto(row.lastMessage, ctx.files),
      messageCount: row.messageCount,
      awaitingReply: row.status === 'open' && !row.lastMessage.fromTeam,
      updatedAt: row.updatedAt.toISOString(),
    })),
    pagination: paginationOf('totalConversations', total, page),
  };
}

export const getConversation = (ctx: AppContext, id: string) => conversationDto(ctx, id);

const preview = (text: string) =>
  text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1).trimEnd()}…` : text;

/** POST /admin/support/conversations/{id}/messages: the team's reply, and a notification to the explorer. */
export async function reply(
  ctx: AppContext,
  admin: { id: string },
  id: string,
  body: Schema<'SupportMessageRequest'>,
): Promise<Schema<'SupportConversation'>> {
  const text = messageText(body.text);
  await ctx.db.transaction(async (tx) => {
    const conversation = await repo.lockConversation(tx, id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    if (conversation.status === 'closed') throw conflict(CONVERSATION_CLOSED);
    await repo.addMessage(tx, {
      conversationId: id,
      authorId: admin.id,
      fromTeam: true,
      text,
      at: new Date(),
    });
    await notify(tx, conversation.userId, {
      type: 'system',
      title: 'The CityQuest team replied',
      message: preview(text),
      link: '/chat-support',
    });
  });
  return conversationDto(ctx, id);
}

/** PATCH /admin/support/conversations/{id}/close: closes once, and tells the explorer. */
export async function close(
  ctx: AppContext,
  admin: { id: string },
  id: string,
): Promise<Schema<'SupportConversation'>> {
  await ctx.db.transaction(async (tx) => {
    const conversation = await repo.lockConversation(tx, id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    if (conversation.status === 'closed') throw conflict(CONVERSATION_CLOSED);
    await repo.closeConversation(tx, id, admin.id, new Date());
    await notify(tx, conversation.userId, {
      type: 'system',
      title: 'Support conversation closed',
      message: 'The CityQuest team closed your conversation. Write again any time to start a new one.',
      link: '/chat-support',
    });
  });
  return conversationDto(ctx, id);
}
