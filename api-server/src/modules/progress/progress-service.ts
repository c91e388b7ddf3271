import { ONGOING_QUEST_LIMIT, type Schema } from '@cityquest/contract';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import { QUEST_NOT_FOUND } from '../quests/index.ts';
import type { UserRow } from '../users/index.ts';
import {
  loadProgressRecord,
  loadProgressSummaries,
  PROGRESS_NOT_FOUND,
  type ProgressDeps,
} from './progress-batch.ts';
import * as repo from './progress-repository.ts';

/** How many quests an explorer can have ongoing: the contract's `DashboardStats.ongoingLimit` const. */
export const ONGOING_LIMIT = ONGOING_QUEST_LIMIT;
/**
 * The 429 answer of a start over the limit. Clients recognise the limit by the 429 status, not by this text
 * (docs/product-rules/quests.md#ongoing-limit).
 */
export const ONGOING_LIMIT_MESSAGE = `You can only have ${ONGOING_LIMIT} ongoing quests at a time. Complete or abandon one of your current quests to start a new adventure.`;
export const OWN_QUEST = 'You cannot start your own quest';
export const ALREADY_ONGOING = 'You have already started this quest';
export const ALREADY_COMPLETED = 'You have already completed this quest';
export const CANNOT_ABANDON_COMPLETED = 'A completed quest cannot be abandoned';

type Player = Pick<UserRow, 'id'>;

/**
 * POST /quest-progress/start. The explorer's row is locked first, so concurrent starts of one explorer run
 * one after the other and the ongoing count each sees is exact: at most 3 ongoing quests, never more.
 */
export async function startQuest(
  deps: ProgressDeps,
  player: Player,
  questId: string,
  at = new Date(),
): Promise<Schema<'ProgressRecord'>> {
  const id = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockUserWithQuest(tx, player.id, questId);
    if (!locked) throw notFound('User not found');
    if (locked.quest?.status !== 'approved') throw notFound(QUEST_NOT_FOUND);
    if (locked.quest.createdBy === player.id) throw forbidden(OWN_QUEST);
    const started = await repo.insertProgressWithinLimit(tx, player.id, questId, ONGOING_LIMIT, at);
    if (started) return started;
    // Refused: say why (an existing record of the quest comes before the limit).
    const existing = await repo.findProgress(tx, player.id, questId);
    if (existing) throw conflict(existing.status === 'completed' ? ALREADY_COMPLETED : ALREADY_ONGOING);
    throw new HttpError(429, ONGOING_LIMIT_MESSAGE);
  });
  return loadProgressRecord(deps, { id });
}

export async function findOwnProgress(deps: ProgressDeps, player: Player, questId: string) {
  const progress = await repo.findProgress(deps.db, player.id, questId);
  if (!progress) throw notFound(PROGRESS_NOT_FOUND);
  return progress;
}

export async function getProgress(deps: ProgressDeps, player: Player, questId: string) {
  return loadProgressRecord(deps, { userId: player.id, questId });
}

export async function saveNotes(deps: ProgressDeps, player: Player, questId: string, notes: string) {
  const progress = await findOwnProgress(deps, player, questId);
  await repo.setNotes(deps.db, progress.id, notes.trim());
  return getProgress(deps, player, questId);
}

/** DELETE /quest-progress/{questId}: frees a place; the proofs and their photos go with the record. */
export async function abandonQuest(deps: ProgressDeps, player: Player, questId: string): Promise<string> {
  const { id, images } = await deps.db.transaction(async (tx) => {
    const progress = await repo.lockOwnProgress(tx, player.id, questId);
    if (!progress) throw notFound(PROGRESS_NOT_FOUND);
    if (progress.status === 'completed') throw conflict(CANNOT_ABANDON_COMPLETED);
    return { id: progress.id, images: await repo.deleteProgressWithImages(tx, progress.id) };
  });
  await Promise.all(images.map((url) => deps.storage.remove(url)));
  return id;
}

export async function ongoingQuests(deps: ProgressDeps, player: Player) {
  const { items } = await loadProgressSummaries(deps, player.id, 'ongoing', {
    limit: ONGOING_LIMIT,
    offset: 0,
  });
  return items;
}

/** GET /users/completed-quests, newest completion first. */
export async function completedQuests(deps: ProgressDeps, player: Player, query: PageQuery) {
  const page = toPage(query, 20);
  const { items, total } = await loadProgressSummaries(deps, player.id, 'completed', page);
  return {
    quests: items,
    // A page past the end has no rows to carry the total: only then is it counted on its own.
    pagination: cappedPaginationOf(
      'totalQuests',
      {
        total:
          items.length || page.offset === 0
            ? total
            : await repo.countByStatus(deps.db, player.id, 'completed'),
        capped: false,
      },
      page,
    ),
  };
}
