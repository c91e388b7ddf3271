import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/http-error.ts';
import type { QuestDeps } from '../quests/index.ts';
import { toQuestSummary } from '../quests/index.ts';
import { toProgressRecord, toProgressSummary } from './progress-dto.ts';
import { findRecordWithQuest, listWithQuestsByStatus } from './progress-repository.ts';
import type { ProgressStatus } from './tables/progress.tables.ts';

/** What the services answering proofs need: their photos' addresses (`files`) are signed on the way out. */
export type ProgressDeps = QuestDeps & Pick<AppContext, 'catalogue'>;

/**
 * A page of the user's records in one status as lists show them, each with its populated quest, and how many
 * records of the status there are in all (0 when the page is empty): one statement.
 */
export async function loadProgressSummaries(
  { db, files: addresses }: Pick<AppContext, 'db' | 'files'>,
  userId: string,
  status: ProgressStatus,
  window: { limit: number; offset: number },
): Promise<{ items: Schema<'ProgressSummary'>[]; total: number }> {
  const rows = await listWithQuestsByStatus(db, userId, status, window);
  const items = rows.map(({ quest: { creator, files, tasks, ...quest }, proofs, total: _total, ...row }) =>
    toProgressSummary(
      row,
      toQuestSummary(
        { quest, creator },
        files.map((file) => file.url),
        addresses,
      ),
      tasks.map((task) => task.id),
      proofs,
    ),
  );
  return { items, total: rows[0]?.total ?? 0 };
}

export const PROGRESS_NOT_FOUND = 'You have not started this quest';

/**
 * One record with notes and every task proof, for its explorer alone (its proof photos are signed); one
 * statement. 404 when there is none (never started, or abandoned meanwhile).
 */
export async function loadProgressRecord(
  { db, files: addresses }: Pick<AppContext, 'db' | 'files'>,
  which: Parameters<typeof findRecordWithQuest>[1],
): Promise<Schema<'ProgressRecord'>> {
  const found = await findRecordWithQuest(db, which);
  if (!found) throw notFound(PROGRESS_NOT_FOUND);
  const {
    quest: { creator, files, tasks, ...quest },
    proofs,
    ...row
  } = found;
  const summary = toQuestSummary(
    { quest, creator },
    files.map((file) => file.url),
    addresses,
  );
  return toProgressRecord(
    row,
    summary,
    tasks.map((task) => task.id),
    proofs,
    addresses,
  );
}
