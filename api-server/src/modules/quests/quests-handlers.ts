import type { Schema } from '@cityquest/contract';
import type { FastifyRequest } from 'fastify';
import { type AppContext, replicaReads } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth, optionalAuth, viewerOf } from '../../plugins/auth.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { deletedQuest, detailForVisitor, summaryForVisitor, toTaskDto } from './quest-dto.ts';
import * as quests from './quest-service.ts';

type Summaries = { quests: Schema<'QuestSummary'>[] };

/** The catalogue as the caller may see it: a visitor without a token sees people by username only. */
function forCaller<T extends Summaries | Schema<'QuestSummary'>[]>(request: FastifyRequest, data: T): T {
  if (optionalAuth(request)) return data;
  if (Array.isArray(data)) return data.map(summaryForVisitor) as T;
  return { ...data, quests: data.quests.map(summaryForVisitor) };
}

function viewerOrVisitor(request: FastifyRequest) {
  const auth = optionalAuth(request);
  return auth ? viewerOf(auth) : null;
}

export function questsHandlers(ctx: AppContext) {
  // The public catalogue, search and quest pages may be a moment old.
  const catalogue = replicaReads(ctx);
  return {
    async listQuests(request) {
      const data = await quests.listQuests(catalogue, viewerOrVisitor(request), request.query);
      return { message: 'Quests fetched', data: forCaller(request, data) };
    },
    async searchQuests(request) {
      return {
        message: 'Quests found',
        data: forCaller(request, await quests.searchQuests(catalogue, request.query)),
      };
    },
    async listFeaturedQuests(request) {
      return {
        message: 'Featured quests fetched',
        data: forCaller(request, await quests.featuredQuests(catalogue, request.query.limit ?? 4)),
      };
    },
    async listPopularQuests(request) {
      return {
        message: 'Popular quests fetched',
        data: forCaller(request, await quests.popularQuests(catalogue, request.query.limit ?? 4)),
      };
    },
    async listQuestsByCategory(request) {
      const data = await quests.questsByCategory(catalogue, request.params.category, request.query);
      return { message: 'Category quests fetched', data: forCaller(request, data) };
    },
    async listMyQuests(request) {
      const data = await quests.myQuests(ctx, viewerOf(currentAuth(request)), request.query);
      return { message: 'Your quests fetched', data };
    },
    async getQuest(request) {
      const auth = optionalAuth(request);
      const reader = auth ? `account:${auth.user.id}` : `visitor:${clientAddress(request)}`;
      const quest = await quests.getQuest(catalogue, auth ? viewerOf(auth) : null, request.params.id, reader);
      return { message: 'Quest fetched', data: auth ? quest : detailForVisitor(quest) };
    },
    async listQuestTasks(request) {
      const tasks = await quests.listTasks(ctx, viewerOf(currentAuth(request)), request.params.questId);
      return { message: 'Quest tasks fetched', data: tasks.map(toTaskDto) };
    },
    async createQuest(request) {
      const data = await quests.createQuest(
        ctx,
        viewerOf(currentAuth(request)),
        request.body,
        request.uploads.photos,
      );
      return { statusCode: 201, message: 'Quest submitted for review successfully!', data };
    },
    async updateQuest(request) {
      const data = await quests.updateQuest(
        ctx,
        viewerOf(currentAuth(request)),
        request.params.id,
        request.body,
      );
      return { message: 'Quest updated', data };
    },
    async deleteQuest(request) {
      await quests.deleteQuest(ctx, viewerOf(currentAuth(request)), request.params.id);
      return { message: 'Quest deleted', data: deletedQuest(request.params.id) };
    },
  } satisfies Handlers;
}
