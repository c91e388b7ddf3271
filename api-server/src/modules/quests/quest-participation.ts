import type { Db } from '../../db/client.ts';
import type { ViewerProgress } from './quest-parts-repository.ts';

/**
 * What quests reads of explorers' records (the progress domain's rows), which quests, below progress, cannot take
 * from its index: progress provides it and app.ts wires it (AppContext's `participation`). Each read runs on the
 * `db` it is given: a request's replica reads, or a transaction.
 */
export type QuestParticipation = {
  /** Explorers who started each quest (ongoing or completed). */
  participantsFor(db: Db, questIds: string[]): Promise<Map<string, number>>;
  /** The viewer's own record on a quest, with the state of its proofs. */
  viewerProgressOf(db: Db, questId: string, viewerId: string): Promise<ViewerProgress | undefined>;
  /** Stored image URLs of every proof sent for the quest. */
  proofImagesOfQuest(db: Db, questId: string): Promise<string[]>;
};
