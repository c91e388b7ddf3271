import { type AppContext, replicaReads } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { deletedQuest } from './quest-dto.ts';
import * as moderation from './quest-moderation-service.ts';

/** The admin console's quest moderation: the queue, decisions, edits and removals. */
export function questModerationHandlers(ctx: AppContext) {
  const admin = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;
  // The moderation lists may be a moment old (a replica's); decisions read and write the primary.
  const lists = replicaReads(ctx);
  return {
    async listPendingQuests(request) {
      return {
        message: 'Pending quests fetched',
        data: await moderation.pendingQuests(lists, admin(request), request.query),
      };
    },
    async listAdminQuests(request) {
      return {
        message: 'Quests fetched',
        data: await moderation.listQuests(lists, admin(request), request.query),
      };
    },
    async approveQuest(request) {
      const data = await moderation.decide(ctx, admin(request), request.params.id, {
        approved: true,
        feedback: request.body.feedback,
        seenUpdatedAt: request.body.seenUpdatedAt,
      });
      return { message: 'Quest approved successfully', data };
    },
    async rejectQuest(request) {
      const data = await moderation.decide(ctx, admin(request), request.params.id, {
        approved: false,
        reason: request.body.reason,
      });
      return { message: 'Quest rejected successfully', data };
    },
    async adminUpdateQuest(request) {
      const data = await moderation.updateQuest(ctx, admin(request), request.params.id, request.body);
      return { message: 'Quest updated successfully', data };
    },
    async adminDeleteQuest(request) {
      await moderation.deleteQuest(ctx, admin(request), request.params.id);
      return { message: 'Quest deleted successfully', data: deletedQuest(request.params.id) };
    },
  } satisfies Handlers;
}
