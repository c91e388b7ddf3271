import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { completedTaskIds, progressPercent } from '../../lib/progress-math.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { toQuestDetail, toQuestSummary } from './quest-dto.ts';
import * as partsRepo from './quest-parts-repository.ts';
import * as repo from './quest-repository.ts';

/** Recent reviews a quest detail carries (the detail page shows 2; every review has its own call). */
export const RECENT_REVIEWS = 3;

/**
 * What building quest answers reads: the database, the addresses of their photos and avatars, and explorers'
 * records (participants, the viewer's own).
 */
type LoaderDeps = Pick<AppContext, 'db' | 'files' | 'participation'>;

/** Summaries of the given quests with their photos (and participants for creators' and admins' lists). */
export async function loadQuestSummaries(
  deps: LoaderDeps,
  rows: repo.QuestWithCreator[],
  options: { withParticipants?: boolean } = {},
): Promise<Schema<'QuestSummary'>[]> {
  const ids = rows.map((row) => row.quest.id);
  const [photos, participants] = await Promise.all([
    partsRepo.filesFor(deps.db, ids),
    options.withParticipants ? deps.participation.participantsFor(deps.db, ids) : undefined,
  ]);
  return rows.map((row) =>
    toQuestSummary(
      row,
      photos.get(row.quest.id) ?? [],
      deps.files,
      participants ? (participants.get(row.quest.id) ?? 0) : undefined,
    ),
  );
}

type Parts = partsRepo.QuestParts & { participants?: number };

function toDetail(row: repo.QuestWithCreator, parts: Parts, addresses: FileAddresses): Schema<'Quest'> {
  const { files, tasks, tips, recentReviews, progress: own, participants } = parts;
  const totalTasks = Math.max(1, tasks.length);
  const taskIds = tasks.map((task) => task.id);
  const completed = own ? completedTaskIds(own.proofs, taskIds) : [];
  return toQuestDetail(
    row,
    {
      files,
      tasks,
      tips,
      recentReviews,
      participants,
      progress: own
        ? {
            _id: own.id,
            status: own.status,
            completed_tasks: completed,
            total_tasks: totalTasks,
            progress: progressPercent(completed.length, totalTasks),
            startedAt: own.startedAt.toISOString(),
            completedAt: own.completedAt ? own.completedAt.toISOString() : null,
          }
        : null,
    },
    addresses,
  );
}

const NO_PARTS: partsRepo.QuestParts = {
  files: [],
  tasks: [],
  tips: [],
  recentReviews: [],
  progress: undefined,
};

/** Quests in full, each with the viewer's own progress on it. */
export async function loadQuestDetails(
  deps: LoaderDeps,
  rows: repo.QuestWithCreator[],
  viewerId: string,
  options: { withParticipants?: boolean } = {},
): Promise<Schema<'Quest'>[]> {
  const ids = rows.map((row) => row.quest.id);
  const [parts, participants] = await Promise.all([
    partsRepo.questPartsFor(deps.db, ids, viewerId, RECENT_REVIEWS),
    options.withParticipants ? deps.participation.participantsFor(deps.db, ids) : undefined,
  ]);
  return rows.map((row) =>
    toDetail(
      row,
      {
        ...(parts.get(row.quest.id) ?? NO_PARTS),
        participants: participants ? (participants.get(row.quest.id) ?? 0) : undefined,
      },
      deps.files,
    ),
  );
}

type SharedPage = { row: repo.QuestWithCreator; parts: Omit<partsRepo.QuestParts, 'progress'> } | null;

/**
 * One quest as its page shows it to the viewer, or undefined when there is no such quest (visibility is the
 * caller's). The parts every viewer shares come from the catalogue cache when another read loaded them within
 * its TTL, and then only the viewer's own record is read (one statement); otherwise the quest row, then its
 * parts with the viewer's record in the same statement (two).
 */
export async function loadQuestPage(
  deps: LoaderDeps & Pick<AppContext, 'catalogue'>,
  id: string,
  /** Null for a visitor without an account, who has no progress. */
  viewerId: string | null,
): Promise<{ row: repo.QuestWithCreator; detail(participants?: number): Schema<'Quest'> } | undefined> {
  let own: { progress: partsRepo.ViewerProgress | undefined } | undefined;
  const shared = await deps.catalogue.loadQuest(id, async (): Promise<SharedPage> => {
    const row = await repo.findQuestWithCreator(deps.db, id);
    if (!row) return null;
    const { progress, ...parts } =
      (await partsRepo.questPartsFor(deps.db, [id], viewerId, RECENT_REVIEWS)).get(id) ?? NO_PARTS;
    own = { progress };
    return { row, parts };
  });
  if (!shared) return undefined;
  const progress = own
    ? own.progress
    : viewerId === null
      ? undefined
      : await deps.participation.viewerProgressOf(deps.db, id, viewerId);
  // A copy: the caller adds views held in memory to the row, and the cached one is every viewer's.
  const row = { quest: { ...shared.row.quest }, creator: shared.row.creator };
  return {
    row,
    detail: (participants) => toDetail(row, { ...shared.parts, progress, participants }, deps.files),
  };
}
