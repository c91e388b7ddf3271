import type { Schema } from '@cityquest/openapi';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { QuestDeps } from '../quests/index.ts';
import { findQuestsWithCreator, loadQuestSummaries, tasksFor } from '../quests/index.ts';
import { toProgressRecord, toProgressSummary } from './progress-dto.ts';
import { type ProgressRow, proofsFor } from './progress-repository.ts';

/** What the services answering proofs need: their photos' addresses are signed on the way out. */
export type ProgressDeps = QuestDeps & Pick<AppContext, 'privateFiles'>;

/** Each quest's task ids in task order (task `order` n is index n - 1). */
async function taskIdsFor(db: Db, questIds: string[]): Promise<Map<string, string[]>> {
  const tasks = await tasksFor(db, questIds);
  return new Map([...tasks].map(([questId, rows]) => [questId, rows.map((task) => task.id)]));
}

/** Progress records as lists show them, each with its populated quest. */
export async function loadProgressSummaries(
  db: Db,
  rows: ProgressRow[],
): Promise<Schema<'ProgressSummary'>[]> {
  const questIds = [...new Set(rows.map((row) => row.questId))];
  const [questRows, taskIds, proofs] = await Promise.all([
    findQuestsWithCreator(db, questIds),
    taskIdsFor(db, questIds),
    proofsFor(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const summaries = await loadQuestSummaries(db, questRows);
  const byId = new Map(summaries.map((summary) => [summary._id, summary]));
  return rows.flatMap((row) => {
    const quest = byId.get(row.questId);
    if (!quest) return [];
    return [toProgressSummary(row, quest, taskIds.get(row.questId) ?? [], proofs.get(row.id) ?? [])];
  });
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
