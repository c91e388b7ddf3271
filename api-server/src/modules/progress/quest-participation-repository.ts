import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../db/client.ts';
import type { ViewerProgress } from '../quests/index.ts';
import { questProgress, taskProofs } from './tables/progress.tables.ts';

/*
 * The explorers' records as a quest's pages and its removal read them. Quests, below progress, gets these through
 * its port (AppContext's `participation`, wired in app.ts), so its rows stay this domain's.
 */

/** The viewer's own record on a quest, with the state of its proofs (a quest page's one per-viewer part). */
export async function viewerProgressOf(
  db: Db,
  questId: string,
  viewerId: string,
): Promise<ViewerProgress | undefined> {
  const query = prepared(db, 'viewer-progress', () =>
    db.query.questProgress
      .findFirst({
        where: and(
          eq(questProgress.questId, sql.placeholder('questId')),
          eq(questProgress.userId, sql.placeholder('viewerId')),
        ),
        with: { proofs: { columns: { taskOrder: true, status: true } } },
      })
      .prepare('viewer_progress'),
  );
  return query.execute({ questId, viewerId });
}

/** Stored image URLs of every proof sent for the quest (removed with it). */
export async function proofImagesOfQuest(db: Db, questId: string): Promise<string[]> {
  const rows = await db
    .select({ images: taskProofs.images })
    .from(taskProofs)
    .innerJoin(questProgress, eq(questProgress.id, taskProofs.progressId))
    .where(eq(questProgress.questId, questId));
  return rows.flatMap((row) => row.images);
}

/** Explorers who started each quest (ongoing or completed). */
export async function participantsFor(db: Db, questIds: string[]): Promise<Map<string, number>> {
  if (!questIds.length) return new Map();
  const rows = await db
    .select({ questId: questProgress.questId, value: count() })
    .from(questProgress)
    .where(inArray(questProgress.questId, questIds))
    .groupBy(questProgress.questId);
  return new Map(rows.map((row) => [row.questId, row.value]));
}
