import type { AppContext } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import { deletedQuest, toTaskDto } from './quest-dto.ts';
import * as quests from './quest-service.ts';

export function questsHandlers(ctx: AppContext) {
  return {
    async listQuests(request) {
      const data = await quests.listQuests(ctx, currentAuth(request).user, request.query);
      return { message: 'Quests fetched', data };
    },
    async searchQuests(request) {
      return { message: 'Quests found', data: await quests.searchQuests(ctx, request.query) };
    },
    async listFeaturedQuests(request) {
      return {
        message: 'Featured quests fetched',
        data: await quests.featuredQuests(ctx, request.query.limit ?? 4),
      };
    },
    async listPopularQuests(request) {
      return {
        message: 'Popular quests fetched',
        data: await quests.popularQuests(ctx, request.query.limit ?? 4),
      };
    },
    async listQuestsByCategory(request) {
      const data = await quests.questsByCategory(ctx, request.params.category, request.query);
      return { message: 'Category quests fetched', data };
    },
    async listMyQuests(request) {
      const data = await quests.myQuests(ctx, currentAuth(request).user, request.query);
      return { message: 'Your quests fetched', data };
    },
    async getQuest(request) {
      return {
        message: 'Quest fetched',
        data: await quests.getQuest(ctx, currentAuth(request).user, request.params.id),
      };
    },
    async listQuestTasks(request) {
      const tasks = await quests.listTasks(ctx, currentAuth(request).user, request.params.questId);
      return { message: 'Quest tasks fetched', data: tasks.map(toTaskDto) };
    },
    async createQuest(request) {
      const data = await quests.createQuest(
        ctx,
        currentAuth(request).user,
        request.body,
        request.uploads.photos,
      );
      return { statusCode: 201, message: 'Quest submitted for review successfully!', data };
    },
    async updateQuest(request) {
      const data = await quests.updateQuest(ctx, currentAuth(request).user, request.params.id, request.body);
      return { message: 'Quest updated', data };
    },
    async deleteQuest(request) {
      await quests.deleteQuest(ctx, currentAuth(request).user, request.params.id);
      return { message: 'Quest deleted', data: deletedQuest(request.params.id) };
    },
  } satisfies Handlers;
}
