import type { Schema } from '@cityquest/openapi';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { ProgressStatus } from '../../db/schema.ts';
import type { QuestDeps } from '../quests/index.ts';
import { findQuestsWithCreator, loadQuestSummaries, tasksFor, toQuestSummary } from '../quests/index.ts';
import { toProgressRecord, toProgressSummary } from './progress-dto.ts';
import { listWithQuestsByStatus, type ProgressRow, proofsFor } from './progress-repository.ts';

/** What the services answering proofs need: their photos' addresses are signed on the way out. */
export type ProgressDeps = QuestDeps & Pick<AppContext, 'privateFiles'>;

/** Each quest's task ids in task order (task `order` n is index n - 1). */
async function taskIdsFor(db: Db, questIds: string[]): Promise<Map<string, string[]>> {
  const tasks = await tasksFor(db, questIds);
  return new Map([...tasks].map(([questId, rows]) => [questId, rows.map((task) => task.id)]));
}

/** A page of the user's records in one status as lists show them, each with its populated quest (one statement). */
export async function loadProgressSummaries(
  db: Db,
  userId: string,
  status: ProgressStatus,
  window: { limit: number; offset: number },
): Promise<Schema<'ProgressSummary'>[]> {
  const rows = await listWithQuestsByStatus(db, userId, status, window);
  return rows.map(({ quest: { creator, files, tasks, ...quest }, proofs, ...row }) =>
    toProgressSummary(
      row,
      toQuestSummary(
        { quest, creator },
        files.map((file) => file.url),
      ),
      tasks.map((task) => task.id),
      proofs,
    ),
  );
}

/** One record with notes and every task proof, for its explorer alone (its proof photos are signed). */
export async function loadProgressRecord(
  { db, privateFiles }: Pick<AppContext, 'db' | 'privateFiles'>,
  row: ProgressRow,
): Promise<Schema<'ProgressRecord'>> {
  const [questRows, taskIds, proofs] = await Promise.all([
    findQuestsWithCreator(db, [row.questId]),
    taskIdsFor(db, [row.questId]),
    proofsFor(db, [row.id]),
  ]);
  const [quest] = await loadQuestSummaries(db, questRows);
  if (!quest) throw new Error(`progress ${row.id} has no quest`);
  return toProgressRecord(row, quest, taskIds.get(row.questId) ?? [], proofs.get(row.id) ?? [], privateFiles);
}
