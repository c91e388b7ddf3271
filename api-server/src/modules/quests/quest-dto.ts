import type { Schema } from '@cityquest/contract';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import { toUserSummary } from '../users/index.ts';
import { itineraryEnd, itineraryStart } from './itinerary.ts';
import { DEFAULT_WAYPOINT_NAME, storedOwnFields } from './quest-input.ts';
import type { QuestRow, QuestWithCreator, ReviewWithAuthor, TaskRow, TipRow } from './quest-repository.ts';
import { awardedXp } from './quest-xp.ts';
import type { Waypoint } from './tables/quests.tables.ts';

const iso = (value: Date) => value.toISOString();

/** A deleted quest's id under both names clients read it by. */
export const deletedQuest = (id: string): Schema<'QuestDeletion'> => ({ _id: id, questId: id });

const toWaypoint = (waypoint: Waypoint): Schema<'Waypoint'> => ({
  lat: waypoint.lat,
  lng: waypoint.lng,
  name: waypoint.name || DEFAULT_WAYPOINT_NAME,
  address: waypoint.address ?? null,
});

/**
 * The route as clients read it: place names, with their points beside them
 * (docs/product-rules/api-shapes.md#route-ends).
 */
export function toItineraryDto(quest: QuestRow): Schema<'Route'> {
  const start = itineraryStart(quest);
  const end = itineraryEnd(quest);
  return {
    start_location: start.name,
    start_coordinates: start.point,
    end_location: end.name,
    end_coordinates: end.point,
    waypoints: quest.waypoints.map(toWaypoint),
  };
}

export function toReviewDto({ review, author }: ReviewWithAuthor, files: FileAddresses): Schema<'Review'> {
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    user: author ? toUserSummary(author, files) : null,
    createdAt: iso(review.createdAt),
    updatedAt: iso(review.updatedAt),
  };
}

type Person = Schema<'UserSummary'> | null;

/** A person as visitors without an account see them: by username only (docs/product-rules/quests.md#visitors). */
const toVisitorPerson = (person: Person): Person => person && { ...person, fullName: null, avatar: null };

export const summaryForVisitor = (quest: Schema<'QuestSummary'>): Schema<'QuestSummary'> => ({
  ...quest,
  submittedBy: toVisitorPerson(quest.submittedBy),
});

export const reviewForVisitor = (review: Schema<'Review'>): Schema<'Review'> => ({
  ...review,
  user: toVisitorPerson(review.user),
});

export const detailForVisitor = (quest: Schema<'Quest'>): Schema<'Quest'> => ({
  ...quest,
  submittedBy: toVisitorPerson(quest.submittedBy),
  recentReviews: quest.recentReviews.map(reviewForVisitor),
});

export const toTaskDto = (task: TaskRow): Schema<'Task'> => ({
  _id: task.id,
  order: task.order,
  description: task.description,
  hint: task.hint,
});

const toTipDto = (tip: TipRow): Schema<'Tip'> => ({ _id: tip.id, tip_text: tip.tipText });

/**
 * A quest as lists and cards show it; `xp` is what completing it earns (base x difficulty factor). `photos` are
 * the stored paths of its photos, cover first. Every address in it is public, so the catalogue cache may keep it.
 */
export function toQuestSummary(
  { quest, creator }: QuestWithCreator,
  photos: readonly string[],
  files: FileAddresses,
  participants?: number,
): Schema<'QuestSummary'> {
  return {
    _id: quest.id,
    title: quest.title,
    subtitle: quest.subtitle,
    description: quest.description,
    category: quest.category,
    difficulty: quest.difficulty,
    status: quest.status,
    rejectionReason: quest.rejectionReason,
    xp: awardedXp(quest.xp, quest.difficulty),
    estimatedTime: quest.estimatedTime,
    tags: quest.tags,
    address: quest.address,
    city: quest.city,
    state: quest.state,
    files: photos.map((photo) => ({ file_url: files.of(photo) })),
    location: quest.lat !== null && quest.lng !== null ? { lat: quest.lat, lng: quest.lng } : null,
    featured: quest.featured,
    views: quest.views,
    completions: quest.completions,
    averageRating: quest.averageRating,
    totalReviews: quest.totalReviews,
    submittedBy: creator ? toUserSummary(creator, files) : null,
    ...(participants === undefined ? {} : { participants }),
    createdAt: iso(quest.createdAt),
    updatedAt: iso(quest.updatedAt),
  };
}

export type QuestDetailParts = {
  /** The stored paths of the quest's photos, cover first. */
  files: readonly string[];
  tasks: readonly TaskRow[];
  tips: readonly TipRow[];
  recentReviews: readonly ReviewWithAuthor[];
  progress: Schema<'OwnProgress'> | null;
  participants?: number;
};

/** The quest in full: summary, tasks, tips, route, rating and reviews. */
export function toQuestDetail(
  row: QuestWithCreator,
  parts: QuestDetailParts,
  files: FileAddresses,
): Schema<'Quest'> {
  const { quest } = row;
  return {
    ...toQuestSummary(row, parts.files, files, parts.participants),
    ...storedOwnFields(quest),
    type: quest.type,
    tasks: parts.tasks.map(toTaskDto),
    tips: parts.tips.map(toTipDto),
    routes: [toItineraryDto(quest)],
    ratingBreakdown: { ...quest.ratingBreakdown },
    recentReviews: parts.recentReviews.map((review) => toReviewDto(review, files)),
    progress: parts.progress,
  };
}
