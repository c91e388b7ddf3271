import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { Category, Difficulty } from '../../db/columns.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import type { MultipartFields } from '../../lib/route-types.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { recordQuotaEvent } from '../../plugins/quota-events.ts';
import { saveAll } from '../../plugins/storage.ts';
import { logAdminAction } from '../audit/index.ts';
import { MODERATION, signalLiveEvents } from '../live-events/index.ts';
import { type HashedPhoto, recordPhotoHashes } from '../photo-matching/index.ts';
import { itineraryEnd, itineraryStart } from './itinerary.ts';
import { locateItineraryEnds } from './itinerary-places.ts';
import { loadQuestDetails, loadQuestPage, loadQuestSummaries } from './quest-batch.ts';
import * as input from './quest-input.ts';
import * as parts from './quest-parts-repository.ts';
import * as repo from './quest-repository.ts';
import * as writes from './quest-write-repository.ts';
import { baseXpFromSuggestion } from './quest-xp.ts';
import type { QuestStatus, Waypoint } from './tables/quests.tables.ts';

/** Quest answers carry the addresses of photos and avatars (`files`). */
export type QuestDeps = Pick<AppContext, 'db' | 'storage' | 'files' | 'images'>;
/** Answers with participants or the viewer's record, and a quest's removal, read explorers' records. */
type ParticipationDeps = QuestDeps & Pick<AppContext, 'participation'>;
/** Catalogue reads share answers, and writes that change the catalogue clear them. */
type CatalogueDeps = ParticipationDeps & Pick<AppContext, 'catalogue'>;
/** Creating and editing also look up route ends given by name alone. */
type QuestWriteDeps = CatalogueDeps & Pick<AppContext, 'geo'>;
/** The caller, as plugins/auth.ts viewerOf() describes them: admin powers follow the session, not the role alone. */
export type Viewer = { id: string; actsAsAdmin: boolean };

export const QUEST_NOT_FOUND = 'Quest not found';
export const ONLY_CREATOR_EDITS = 'Only the creator can edit this quest';
export const APPROVED_IS_ADMINS = 'Approved quests can only be changed by an admin';
export const ONLY_CREATOR_DELETES = 'Only the creator or an admin can delete this quest';
/** Quest photos are re-encoded with their long side capped here. */
export const QUEST_PHOTO_MAX_SIDE = 1920;

/**
 * Approved quests are public, to visitors without an account (a null viewer) too; pending and rejected ones only
 * to their creator and admins.
 */
export function canView(quest: Pick<repo.QuestRow, 'status' | 'createdBy'>, viewer: Viewer | null): boolean {
  return (
    quest.status === 'approved' || (viewer !== null && (quest.createdBy === viewer.id || viewer.actsAsAdmin))
  );
}

export async function findVisibleQuest(
  deps: QuestDeps,
  viewer: Viewer | null,
  id: string,
): Promise<repo.QuestWithCreator> {
  const row = await repo.findQuestWithCreator(deps.db, id);
  if (!row || !canView(row.quest, viewer)) throw notFound(QUEST_NOT_FOUND);
  return row;
}

type Filters = {
  category?: Category | 'all';
  difficulty?: Difficulty | 'all';
  status?: QuestStatus | 'all';
};

const unlessAll = <T extends string>(value: T | 'all' | undefined) =>
  value === 'all' || value === undefined ? undefined : value;

async function questPage(
  deps: CatalogueDeps,
  filter: repo.QuestFilter,
  sort: repo.QuestSort,
  query: PageQuery,
  options: { withParticipants?: boolean; catalogue?: boolean } = {},
) {
  const page = toPage(query, 10);
  const load = async () => {
    const { rows, total } = await repo.listQuests(deps.db, filter, sort, page);
    return {
      quests: await loadQuestSummaries(deps, rows, options),
      pagination: cappedPaginationOf('totalQuests', total, page),
    };
  };
  if (!options.catalogue) return load();
  return deps.catalogue.load(JSON.stringify(['page', filter, sort, page]), load);
}

/**
 * GET /quests: explorers and visitors (a null viewer) see approved quests only (their `status` is ignored);
 * admins filter freely.
 */
export function listQuests(
  deps: CatalogueDeps,
  viewer: Viewer | null,
  query: PageQuery & Filters & { sortBy?: repo.QuestSort; searchQuery?: string },
) {
  const admin = viewer?.actsAsAdmin;
  return questPage(
    deps,
    {
      status: admin ? unlessAll(query.status) : 'approved',
      category: unlessAll(query.category),
      difficulty: unlessAll(query.difficulty),
      text: repo.textSearchOf(query.searchQuery),
    },
    query.sortBy ?? 'newest',
    query,
    { withParticipants: admin, catalogue: !admin },
  );
}

export async function searchQuests(deps: CatalogueDeps, query: PageQuery & Filters & { search: string }) {
  const text = repo.textSearchOf(query.search);
  const filter = {
    status: 'approved' as const,
    category: unlessAll(query.category),
    difficulty: unlessAll(query.difficulty),
  };
  if (!text) {
    // Punctuation only: nothing can match.
    return {
      quests: [],
      pagination: cappedPaginationOf('totalQuests', { total: 0, capped: false }, toPage(query, 10)),
    };
  }
  return questPage(deps, { ...filter, text }, 'relevance', query, { catalogue: true });
}

export function featuredQuests(deps: CatalogueDeps, limit: number) {
  const page = toPage({ limit }, 4);
  return deps.catalogue.load(`featured:${page.limit}`, async () => {
    const { rows } = await repo.listQuests(deps.db, { status: 'approved', featured: true }, 'newest', page);
    return loadQuestSummaries(deps, rows);
  });
}

export function popularQuests(deps: CatalogueDeps, limit: number) {
  const page = toPage({ limit }, 4);
  return deps.catalogue.load(`popular:${page.limit}`, async () => {
    const { rows } = await repo.listQuests(deps.db, { status: 'approved' }, 'popular', page);
    return loadQuestSummaries(deps, rows);
  });
}

export function questsByCategory(deps: CatalogueDeps, category: Category, query: PageQuery) {
  return questPage(deps, { status: 'approved', category }, 'newest', query, { catalogue: true });
}

export function myQuests(deps: CatalogueDeps, viewer: Viewer, query: PageQuery & Pick<Filters, 'status'>) {
  return questPage(deps, { createdBy: viewer.id, status: unlessAll(query.status) }, 'newest', query, {
    withParticipants: true,
  });
}

/**
 * One quest in full, for a viewer or a visitor (null); a read by anyone but its creator counts a view, once per
 * `reader` (who reads: an account, or a visitor's address) in a while (docs/product-rules/quests.md#views).
 */
export async function getQuest(
  deps: CatalogueDeps & Pick<AppContext, 'views'>,
  viewer: Viewer | null,
  id: string,
  reader: string,
): Promise<Schema<'Quest'>> {
  const page = await loadQuestPage(deps, id, viewer?.id ?? null);
  if (!page || !canView(page.row.quest, viewer)) throw notFound(QUEST_NOT_FOUND);
  const { quest } = page.row;
  const creator = viewer !== null && quest.createdBy === viewer.id;
  quest.views += creator ? deps.views.held(id) : await deps.views.count(id, reader);
  const owner = creator || viewer?.actsAsAdmin;
  return page.detail(
    owner ? ((await deps.participation.participantsFor(deps.db, [id])).get(id) ?? 0) : undefined,
  );
}

export async function listTasks(deps: QuestDeps, viewer: Viewer, questId: string) {
  await findVisibleQuest(deps, viewer, questId);
  return (await parts.tasksFor(deps.db, [questId])).get(questId) ?? [];
}

async function detailOf(deps: ParticipationDeps, viewer: Viewer, id: string): Promise<Schema<'Quest'>> {
  const row = await repo.findQuestWithCreator(deps.db, id);
  if (!row) throw notFound(QUEST_NOT_FOUND);
  const [quest] = await loadQuestDetails(deps, [row], viewer.id, { withParticipants: true });
  if (!quest) throw notFound(QUEST_NOT_FOUND);
  return quest;
}

/**
 * Stores the quest's photos re-encoded, with their perceptual hashes: a proof copying one is flagged
 * (docs/product-rules/moderation.md#duplicate-photos).
 */
async function storePhotos(deps: QuestDeps, photos: readonly UploadedFile[]): Promise<HashedPhoto[]> {
  const processed = await Promise.all(
    photos.map(async (photo) => {
      const prepared = await deps.images.prepare(photo.data, { maxSide: QUEST_PHOTO_MAX_SIDE, hashes: true });
      return { image: prepared.processed, hashes: prepared.hashes ?? [] };
    }),
  );
  const urls = await saveAll(
    deps.storage,
    processed.map(({ image }) => ({ kind: 'quests' as const, data: image.data })),
  );
  return urls.map((imagePath, photoIndex) => ({
    imagePath,
    photoIndex,
    hashes: processed[photoIndex]?.hashes ?? [],
  }));
}

/**
 * POST /quests/create-quest: every rule of docs/product-rules/quests.md#creating-a-quest; the quest starts
 * pending.
 */
export async function createQuest(
  deps: QuestWriteDeps,
  creator: Viewer,
  fields: MultipartFields<'createQuest'>,
  photos: readonly UploadedFile[],
): Promise<Schema<'Quest'>> {
  const problems = new input.Problems();
  if (!photos.length) problems.add('photos', input.QUEST_MESSAGES.photos);
  const title = input.requiredText(problems, 'title', fields.title);
  if (!fields.category) problems.add('category', input.QUEST_MESSAGES.category);
  if (!fields.difficulty) problems.add('difficulty', input.QUEST_MESSAGES.difficulty);
  const description = input.requiredText(problems, 'description', fields.description);
  const address = input.requiredText(problems, 'address', fields.address);
  const city = input.requiredText(problems, 'city', fields.city);
  const pincode = input.requiredText(problems, 'pincode', fields.pincode);
  const given = {
    startLocation: input.parsePlace(problems, 'startLocation', fields.startLocation),
    endLocation: input.parsePlace(problems, 'endLocation', fields.endLocation),
  };
  const tasks = input.parseTasksJson(problems, fields.tasks);
  const tips = input.parseTipsJson(problems, fields.tips);
  const waypoints = input.parseWaypointsJson(problems, fields.waypoints);
  const tags = input.normaliseTags(problems, input.splitTags(fields.tags));
  problems.throwIfAny();
  const { startLocation, endLocation } = await locateItineraryEnds(deps.geo, creator.id, given);

  const stored = await storePhotos(deps, photos);
  const urls = stored.map((photo) => photo.imagePath);
  try {
    const quest = await deps.db.transaction(async (tx) => {
      const row = await writes.insertQuest(tx, {
        title,
        ...input.optionalOwnFields(fields),
        description,
        category: fields.category,
        difficulty: fields.difficulty,
        status: 'pending',
        suggestedXp: fields.xp ?? 0,
        xp: baseXpFromSuggestion(fields.xp),
        tags,
        address,
        city,
        pincode,
        ...input.startColumns(startLocation),
        ...input.endColumns(endLocation),
        waypoints,
        ...input.itineraryCentre(startLocation, endLocation, waypoints),
        createdBy: creator.id,
      });
      await writes.replaceChildren(tx, row.id, { tasks, tips, photos: urls });
      await recordPhotoHashes(tx, { questId: row.id }, stored);
      await recordQuotaEvent(tx, 'quest-creations', creator.id);
      await signalLiveEvents(tx, [MODERATION]);
      return row;
    });
    return detailOf(deps, creator, quest.id);
  } catch (error) {
    await Promise.all(urls.map((url) => deps.storage.remove(url)));
    throw error;
  }
}

type PlaceInput = string | { lat: number; lng: number; name?: string };
export type UpdateQuestFields = Schema<'UpdateQuestRequest'>;

/**
 * PUT /quests/{id}: the creator edits a pending or rejected quest; a rejected one goes back to review.
 * Fields left out keep their value; lists given replace the current ones.
 */
export async function updateQuest(
  deps: QuestWriteDeps,
  viewer: Viewer,
  id: string,
  fields: UpdateQuestFields,
): Promise<Schema<'Quest'>> {
  const current = await findVisibleQuest(deps, viewer, id);
  if (current.quest.createdBy !== viewer.id) throw forbidden(ONLY_CREATOR_EDITS);
  if (current.quest.status === 'approved') throw conflict(APPROVED_IS_ADMINS);

  const problems = new input.Problems();
  const changes: Partial<repo.NewQuest> = input.parseOwnFields(problems, fields);
  for (const field of ['title', 'description'] as const) {
    if (fields[field] !== undefined) changes[field] = input.requiredText(problems, field, fields[field]);
  }
  if (fields.category) changes.category = fields.category;
  if (fields.difficulty) changes.difficulty = fields.difficulty;
  if (fields.xp !== undefined) {
    changes.suggestedXp = fields.xp;
    changes.xp = baseXpFromSuggestion(fields.xp);
  }
  if (fields.tags) changes.tags = input.normaliseTags(problems, fields.tags);
  const place = (field: 'startLocation' | 'endLocation', value: PlaceInput | undefined) =>
    value === undefined ? undefined : input.parsePlace(problems, field, value);
  const given = {
    startLocation: place('startLocation', fields.startLocation),
    endLocation: place('endLocation', fields.endLocation),
  };
  const waypoints: Waypoint[] | undefined = fields.waypoints
    ? input.parseWaypointList(problems, fields.waypoints)
    : undefined;
  const tasks = fields.tasks ? input.parseTaskList(problems, fields.tasks) : undefined;
  const tips = fields.tips ? input.parseTipList(problems, fields.tips) : undefined;
  problems.throwIfAny();
  const { startLocation, endLocation } = await locateItineraryEnds(deps.geo, viewer.id, given);

  if (startLocation) Object.assign(changes, input.startColumns(startLocation));
  if (endLocation) Object.assign(changes, input.endColumns(endLocation));
  if (waypoints) changes.waypoints = waypoints;
  if (startLocation || endLocation || waypoints) {
    Object.assign(
      changes,
      input.itineraryCentre(
        startLocation ?? itineraryStart(current.quest),
        endLocation ?? itineraryEnd(current.quest),
        waypoints ?? current.quest.waypoints,
      ),
    );
  }
  if (current.quest.status === 'rejected') {
    changes.status = 'pending';
    changes.rejectionReason = null;
  }
  await deps.db.transaction(async (tx) => {
    await writes.updateQuestRow(tx, id, changes);
    await writes.replaceChildren(tx, id, { tasks, tips });
  });
  deps.catalogue.forgetQuest(id);
  return detailOf(deps, viewer, id);
}

/**
 * Removes a quest with its photos, tasks, tips, progress, proofs and reviews (the rows cascade; the files
 * are removed after the rows are gone). Xp already awarded stays with the explorers.
 */
export async function removeQuest(deps: ParticipationDeps, questId: string): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const photos = (await parts.filesFor(tx, [questId])).get(questId) ?? [];
    const proofImages = await deps.participation.proofImagesOfQuest(tx, questId);
    await writes.deleteQuestRow(tx, questId);
    return [...photos, ...proofImages];
  });
  await Promise.all(files.map((url) => deps.storage.remove(url)));
}

/** DELETE /quests/{id}: the creator in any status, or an admin (logged as quest_deletion). */
export async function deleteQuest(deps: CatalogueDeps, viewer: Viewer, id: string): Promise<void> {
  const { quest } = await findVisibleQuest(deps, viewer, id);
  const creator = quest.createdBy === viewer.id;
  if (!creator && !viewer.actsAsAdmin) throw forbidden(ONLY_CREATOR_DELETES);
  await removeQuest(deps, id);
  deps.catalogue.clear();
  if (!creator) {
    await logAdminAction(deps.db, {
      adminId: viewer.id,
      actionType: 'quest_deletion',
      targetType: 'quest',
      targetId: id,
      details: { questTitle: quest.title },
    });
  }
}
