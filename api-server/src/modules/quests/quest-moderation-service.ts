import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { Category } from '../../db/columns.ts';
import { conflict, fieldError, forbidden, type HttpError, notFound } from '../../lib/http-error.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import { logAdminAction } from '../audit/index.ts';
import { MODERATION, signalLiveEvents } from '../live-events/index.ts';
import { notify } from '../notifications/index.ts';
import type { UserRow } from '../users/index.ts';
import { loadQuestDetails } from './quest-batch.ts';
import * as input from './quest-input.ts';
import * as questParts from './quest-parts-repository.ts';
import * as questRepo from './quest-repository.ts';
import { QUEST_NOT_FOUND, removeQuest } from './quest-service.ts';
import * as questWrites from './quest-write-repository.ts';
import { QUEST_BASE_XP } from './quest-xp.ts';
import type { QuestStatus } from './tables/quests.tables.ts';

type Admin = Pick<UserRow, 'id' | 'role'>;

export const DEFAULT_APPROVAL_FEEDBACK = 'Quest approved by admin';
export const REASON_REQUIRED = 'Rejection reason is required';
export const ONLY_PENDING = 'Only pending quests can be approved or rejected';
export const OWN_QUEST = 'You cannot approve or reject your own quest';
export const QUEST_CHANGED =
  'This quest changed since you opened it. Reload it, read the changes, then decide again.';

const unlessAll = <T extends string>(value: T | 'all' | undefined) => (value === 'all' ? undefined : value);

/** Admins see a quest in full plus the base xp the edit form shows and sets. */
async function adminDetails(ctx: AppContext, admin: Admin, rows: questRepo.QuestWithCreator[]) {
  const details = await loadQuestDetails(ctx, rows, admin.id, { withParticipants: true });
  return details.map((detail, index) => ({
    ...detail,
    baseXp: rows[index]?.quest.xp ?? QUEST_BASE_XP.fallback,
  }));
}

async function adminDetail(ctx: AppContext, admin: Admin, id: string): Promise<Schema<'Quest'>> {
  const row = await questRepo.findQuestWithCreator(ctx.db, id);
  if (!row) throw notFound(QUEST_NOT_FOUND);
  const [detail] = await adminDetails(ctx, admin, [row]);
  if (!detail) throw notFound(QUEST_NOT_FOUND);
  return detail;
}

/** Counts by status over every quest; the moderation screen's counters ignore the list's filters. */
export async function statusStats(db: Db): Promise<Schema<'QuestStatusStats'>> {
  const stats = await questRepo.countsByStatus(db);
  return { total: stats.pending + stats.approved + stats.rejected, ...stats };
}

async function questPage(
  ctx: AppContext,
  admin: Admin,
  filter: questRepo.QuestFilter,
  sort: questRepo.QuestSort,
  page: ReturnType<typeof toPage>,
) {
  const [{ rows, total }, stats] = await Promise.all([
    questRepo.listQuests(ctx.db, filter, sort, page),
    statusStats(ctx.db),
  ]);
  return {
    quests: await adminDetails(ctx, admin, rows),
    pagination: cappedPaginationOf('totalQuests', total, page),
    statusStats: stats,
  };
}

/** GET /admin/quests/pending: the approval queue, longest-waiting first. */
export function pendingQuests(ctx: AppContext, admin: Admin, query: PageQuery) {
  return questPage(ctx, admin, { status: 'pending' }, 'oldest', toPage(query, 10));
}

/**
 * GET /admin/quests: every status; 'all' and empty values mean no filter
 * (docs/product-rules/moderation.md#admin-lists).
 */
export function listQuests(
  ctx: AppContext,
  admin: Admin,
  query: PageQuery & { status?: QuestStatus | 'all'; category?: Category | 'all'; search?: string },
) {
  return questPage(
    ctx,
    admin,
    {
      status: unlessAll(query.status),
      category: unlessAll(query.category),
      text: questRepo.textSearchOf(query.search),
    },
    'newest',
    toPage(query, 20),
  );
}

type Decision =
  | { approved: true; feedback?: string; seenUpdatedAt: string }
  | { approved: false; reason: string };

type Refusal = { error: HttpError; questTitle: string };

/**
 * Approve or reject a pending quest: the row is locked so two moderators cannot both decide it. Separation of
 * duties, as for proofs: nobody decides their own quest, and such an attempt is logged as a failure. An
 * approval holds only for the version the moderator read: the creator may edit a pending quest at any time,
 * and an edit made since must not go live unread (docs/product-rules/moderation.md#quest-review).
 */
export async function decide(ctx: AppContext, admin: Admin, id: string, decision: Decision) {
  const reason = decision.approved ? null : decision.reason.trim();
  if (reason === '') throw fieldError('reason', REASON_REQUIRED);
  const feedback = decision.approved ? decision.feedback?.trim() || DEFAULT_APPROVAL_FEEDBACK : null;
  const actionType = decision.approved ? 'quest_approval' : 'quest_rejection';
  const refusal = await ctx.db.transaction(async (tx): Promise<Refusal | undefined> => {
    const quest = await questWrites.lockQuest(tx, id);
    if (!quest) throw notFound(QUEST_NOT_FOUND);
    if (quest.createdBy === admin.id) return { error: forbidden(OWN_QUEST), questTitle: quest.title };
    if (quest.status !== 'pending') throw conflict(ONLY_PENDING);
    // Compared in milliseconds, the precision of the `updatedAt` every answer carries.
    if (decision.approved && quest.updatedAt.getTime() !== Date.parse(decision.seenUpdatedAt)) {
      throw conflict(QUEST_CHANGED);
    }
    await questWrites.updateQuestRow(tx, id, {
      status: decision.approved ? 'approved' : 'rejected',
      rejectionReason: reason,
    });
    await signalLiveEvents(tx, [MODERATION]);
    if (quest.createdBy) {
      await notify(
        tx,
        quest.createdBy,
        decision.approved
          ? {
              type: 'quest_approved',
              title: 'Quest approved',
              message: `Your quest "${quest.title}" was approved and is now live. ${feedback}`,
              link: `/quest-overview/${quest.id}`,
            }
          : {
              type: 'quest_rejected',
              title: 'Quest rejected',
              message: `Your quest "${quest.title}" was rejected. Reason: ${reason}`,
              link: '/my-quest',
            },
      );
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType,
      targetType: 'quest',
      targetId: quest.id,
      details: decision.approved ? { questTitle: quest.title, feedback } : { questTitle: quest.title },
      reason,
    });
    return undefined;
  });
  if (refusal) {
    await logAdminAction(ctx.db, {
      adminId: admin.id,
      actionType,
      targetType: 'quest',
      targetId: id,
      details: { questTitle: refusal.questTitle },
      reason: refusal.error.message,
      result: 'failure',
    });
    throw refusal.error;
  }
  ctx.catalogue.clear();
  return adminDetail(ctx, admin, id);
}

/**
 * Xp in the admin edit: a whole number from 1 to 100, anything else 10
 * (docs/product-rules/moderation.md#admin-quest-edit).
 */
export function adminBaseXp(value: number | undefined, current: number): number {
  if (value === undefined) return current;
  return Number.isInteger(value) && value >= QUEST_BASE_XP.min && value <= QUEST_BASE_XP.max
    ? value
    : QUEST_BASE_XP.fallback;
}

/** PUT /admin/quests/{id} on a quest of any status (docs/product-rules/moderation.md#admin-quest-edit). */
export async function updateQuest(
  ctx: AppContext,
  admin: Admin,
  id: string,
  fields: Schema<'AdminQuestUpdateRequest'>,
) {
  const problems = new input.Problems();
  const title = input.requiredText(problems, 'title', fields.title);
  const description = input.requiredText(problems, 'description', fields.description);
  const ownFields = input.parseOwnFields(problems, fields);
  const tasks = input.parseTaskList(problems, fields.tasks);
  const tips = input.parseTipList(problems, fields.tips ?? []);
  const tags = fields.tags === undefined ? undefined : input.normaliseTags(problems, fields.tags);
  problems.throwIfAny();

  await ctx.db.transaction(async (tx) => {
    const quest = await questWrites.lockQuest(tx, id);
    if (!quest) throw notFound(QUEST_NOT_FOUND);
    const changes = {
      title,
      description,
      ...ownFields,
      category: fields.category,
      difficulty: fields.difficulty,
      xp: adminBaseXp(fields.xp, quest.xp),
      ...(tags ? { tags } : {}),
      ...(fields.featured === undefined ? {} : { featured: fields.featured }),
    };
    // A nullable text column (accessibility notes) left empty reads as the empty text an edit sends.
    const changedFields = Object.entries(changes)
      .filter(
        ([key, value]) => JSON.stringify(quest[key as keyof typeof quest] ?? '') !== JSON.stringify(value),
      )
      .map(([key]) => key);
    const currentTasks = (await questParts.tasksFor(tx, [id])).get(id) ?? [];
    const currentTips = (await questParts.tipsFor(tx, [id])).get(id) ?? [];
    const sameTasks =
      JSON.stringify(currentTasks.map((task) => [task.description, task.hint ?? null])) ===
      JSON.stringify(tasks.map((task) => [task.description, task.hint]));
    if (!sameTasks) changedFields.push('tasks');
    if (JSON.stringify(currentTips.map((tip) => tip.tipText)) !== JSON.stringify(tips))
      changedFields.push('tips');

    await questWrites.updateQuestRow(tx, id, changes);
    await questWrites.replaceChildren(tx, id, { tasks, tips });
    if (quest.createdBy && quest.createdBy !== admin.id && changedFields.length) {
      await notify(tx, quest.createdBy, {
        type: 'system',
        kind: 'questModeration',
        title: 'Quest updated',
        message: `An admin updated your quest "${title}".`,
        link: `/quest-overview/${id}`,
      });
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType: 'quest_update',
      targetType: 'quest',
      targetId: id,
      details: { questTitle: title, changedFields },
    });
  });
  ctx.catalogue.clear();
  return adminDetail(ctx, admin, id);
}

/** DELETE /admin/quests/{id}: the quest and everything attached to it; the creator is told. */
export async function deleteQuest(ctx: AppContext, admin: Admin, id: string): Promise<void> {
  const quest = await questRepo.findQuest(ctx.db, id);
  if (!quest) throw notFound(QUEST_NOT_FOUND);
  await removeQuest(ctx, id);
  ctx.catalogue.clear();
  if (quest.createdBy && quest.createdBy !== admin.id) {
    await notify(ctx.db, quest.createdBy, {
      type: 'system',
      kind: 'questModeration',
      title: 'Quest removed',
      message: `Your quest "${quest.title}" was removed by an admin.`,
      link: '/my-quest',
    });
  }
  await logAdminAction(ctx.db, {
    adminId: admin.id,
    actionType: 'quest_deletion',
    targetType: 'quest',
    targetId: id,
    details: { questTitle: quest.title },
  });
}
