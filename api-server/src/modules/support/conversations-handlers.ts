import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { recordQuotaEvent } from '../../plugins/quota-events.ts';
import * as conversations from './conversations-service.ts';

export function conversationHandlers(ctx: AppContext) {
  return {
    async getMySupportConversation(request) {
      const data = await conversations.myConversation(ctx, currentAuth(request).user);
      return { message: 'Conversation fetched', data };
    },
    async sendSupportMessage(request) {
      const { user } = currentAuth(request);
      const data = await conversations.sendMessage(ctx, user, request.body);
      await recordQuotaEvent(ctx.db, 'support-messages', user.id);
      return { statusCode: 201, message: 'Message sent', data };
    },
    async listSupportConversations(request) {
      const { status, ...page } = request.query;
      const data = await conversations.listConversations(ctx, { ...page, status });
      return { message: 'Conversations fetched', data };
    },
    async getSupportConversation(request) {
      return {
        message: 'Conversation fetched',
        data: await conversations.getConversation(ctx, request.params.id),
      };
    },
    async replySupportConversation(request) {
      const data = await conversations.reply(ctx, currentAuth(request).user, request.params.id, request.body);
      return { statusCode: 201, message: 'Reply sent', data };
    },
    async closeSupportConversation(request) {
      const data = await conversations.close(ctx, currentAuth(request).user, request.params.id);
      return { message: 'Conversation closed', data };
    },
  } satisfies Handlers;
}
