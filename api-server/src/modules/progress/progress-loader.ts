import type { Schema } from '@cityquest/openapi';
import type { Db } from '../../db/client.ts';
import { loadQuestSummaries } from '../quests/quest-loader.ts';
import { findQuestsWithCreator } from '../quests/quest-repository.ts';
import { toProgressRecord, toProgressSummary } from './progress-dto.ts';
import { type ProgressRow, proofsFor, taskCountsFor } from './progress-repository.ts';

/** Progress records as lists show them, each with its populated quest. */
export async function loadProgressSummaries(
  db: Db,
  rows: ProgressRow[],
): Promise<Schema<'ProgressSummary'>[]> {
  const questIds = [...new Set(rows.map((row) => row.questId))];
  const [questRows, taskCounts, proofs] = await Promise.all([
    findQuestsWithCreator(db, questIds),
    taskCountsFor(db, questIds),
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
    return [toProgressSummary(row, quest, taskCounts.get(row.questId) ?? 0, proofs.get(row.id) ?? [])];
  });
}

/** One record with notes and every task proof. */
export async function loadProgressRecord(db: Db, row: ProgressRow): Promise<Schema<'ProgressRecord'>> {
  const [questRows, taskCounts, proofs] = await Promise.all([
    findQuestsWithCreator(db, [row.questId]),
    taskCountsFor(db, [row.questId]),
    proofsFor(db, [row.id]),
  ]);
  const [quest] = await loadQuestSummaries(db, questRows);
  if (!quest) throw new Error(`progress ${row.id} has no quest`);
  return toProgressRecord(row, quest, taskCounts.get(row.questId) ?? 0, proofs.get(row.id) ?? []);
}
