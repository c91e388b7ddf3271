import type { Schema } from '@cityquest/contract';
import { type IDBPDatabase, openDB } from 'idb';
import type { Quest } from '../quests/quest-api.ts';

/**
 * What the explorer app keeps on the device for offline play (docs/product-rules/offline-play.md): the quests
 * in progress as last shown, and the proofs waiting to be sent. Only the quest-play screens and the proof
 * sender load this module, so IndexedDB code stays out of the entry bundle.
 */

export type ProgressRecord = Schema<'ProgressRecord'>;
export type Directions = Schema<'GeoDirections'>;

/**
 * A quest in progress as its page last showed it to the explorer `userId`; `savedAt` is when the server gave
 * that progress.
 */
export type SavedQuestPlay = {
  questId: string;
  userId: string;
  quest: Quest;
  progress: ProgressRecord;
  directions?: Directions;
  savedAt: number;
};

/**
 * A photo as its bytes: a Blob or File does not survive IndexedDB's structured clone everywhere (older WebKit,
 * test doubles), an ArrayBuffer does.
 */
export type StoredPhoto = { name: string; type: string; bytes: ArrayBuffer };

/**
 * A proof kept until the server has it (docs/product-rules/offline-play.md#sending-a-proof-exactly-once),
 * keyed by its idempotency key. `userId` is the explorer who took it: another account signed in on the same
 * device never sends it.
 */
export type QueuedProof = {
  key: string;
  userId: string;
  questId: string;
  taskOrder: number;
  notes: string;
  photos: StoredPhoto[];
  queuedAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: 'waiting' | 'refused';
  refusal?: string;
};

type OfflineSchema = {
  'quests-in-progress': { key: string; value: SavedQuestPlay };
  'queued-proofs': { key: string; value: QueuedProof; indexes: { questId: string } };
};

const DB_NAME = 'cityquest';
const DB_VERSION = 1;

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The one database, opened once; a failed open (no IndexedDB, private mode) is tried again next time. */
function db(): Promise<IDBPDatabase<OfflineSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opened ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('quests-in-progress', { keyPath: 'questId' });
      const proofs = database.createObjectStore('queued-proofs', { keyPath: 'key' });
      proofs.createIndex('questId', 'questId');
    },
    // Another tab opens a newer version: let it, and open again when next asked.
    blocking() {
      void opened?.then((database) => database.close());
      opened = null;
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

export async function readSavedQuestPlay(questId: string): Promise<SavedQuestPlay | undefined> {
  try {
    return await (await db()).get('quests-in-progress', questId);
  } catch {
    return undefined;
  }
}

/** Keeps what the page shows; directions already kept stay when this showing has none (yet). */
export async function saveQuestPlay(record: SavedQuestPlay): Promise<void> {
  // A browser without IndexedDB (some private modes) plays online only.
  if (typeof indexedDB === 'undefined') return;
  try {
    const database = await db();
    const transaction = database.transaction('quests-in-progress', 'readwrite');
    const kept = await transaction.store.get(record.questId);
    const directions = record.directions ?? kept?.directions;
    await transaction.store.put(directions ? { ...record, directions } : record);
    await transaction.done;
  } catch (error) {
    console.warn('Could not keep the quest on this device:', error);
  }
}

export async function forgetSavedQuestPlay(questId: string): Promise<void> {
  try {
    await (await db()).delete('quests-in-progress', questId);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Every queued proof, oldest first; none where the device keeps nothing. */
export async function listQueuedProofs(questId?: string): Promise<QueuedProof[]> {
  try {
    const database = await db();
    const proofs = questId
      ? await database.getAllFromIndex('queued-proofs', 'questId', questId)
      : await database.getAll('queued-proofs');
    return proofs.sort((a, b) => a.queuedAt - b.queuedAt);
  } catch {
    return [];
  }
}

/** Rejects when the device cannot keep it: the caller then sends the proof directly. */
export async function putQueuedProof(proof: QueuedProof): Promise<void> {
  await (await db()).put('queued-proofs', proof);
}

export async function deleteQueuedProof(key: string): Promise<void> {
  await (await db()).delete('queued-proofs', key);
}
