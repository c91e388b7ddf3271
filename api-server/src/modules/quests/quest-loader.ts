import type { Schema } from '@cityquest/openapi';
import type { Db } from '../../db/client.ts';
import { completedTaskIds, progressPercent } from '../../lib/progress-math.ts';
import { toQuestDetail, toQuestSummary } from './quest-dto.ts';
import * as repo from './quest-repository.ts';

/** Recent reviews a quest detail carries (the detail page shows 2; every review has its own call). */
export const RECENT_REVIEWS = 3;

/** Summaries of the given quests with their photos (and participants for creators' and admins' lists). */
export async function loadQuestSummaries(
  db: Db,
  rows: repo.QuestWithCreator[],
  options: { withParticipants?: boolean } = {},
): Promise<Schema<'QuestSummary'>[]> {
  const ids = rows.map((row) => row.quest.id);
  const [files, participants] = await Promise.all([
    repo.filesFor(db, ids),
    options.withParticipants ? repo.participantsFor(db, ids) : undefined,
  ]);
  return rows.map((row) =>
    toQuestSummary(
      row,
      files.get(row.quest.id) ?? [],
      participants ? (participants.get(row.quest.id) ?? 0) : undefined,
    ),
  );
}

/** Quests in full, each with the viewer's own progress on it. */
export async function loadQuestDetails(
  db: Db,
  rows: repo.QuestWithCreator[],
  viewerId: string,
  options: { withParticipants?: boolean } = {},
): Promise<Schema<'Quest'>[]> {
  const ids = rows.map((row) => row.quest.id);
  const [parts, participants] = await Promise.all([
    repo.questPartsFor(db, ids, viewerId, RECENT_REVIEWS),
    options.withParticipants ? repo.participantsFor(db, ids) : undefined,
  ]);
  return rows.map((row) => {
    const {
      files = [],
      tasks = [],
      tips = [],
      recentReviews = [],
      progress: own,
    } = parts.get(row.quest.id) ?? {};
    const totalTasks = Math.max(1, tasks.length);
    const taskIds = tasks.map((task) => task.id);
    const completed = own ? completedTaskIds(own.proofs, taskIds) : [];
    return toQuestDetail(row, {
      files,
      tasks,
      tips,
      recentReviews,
      participants: participants ? (participants.get(row.quest.id) ?? 0) : undefined,
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
    });
  });
}
