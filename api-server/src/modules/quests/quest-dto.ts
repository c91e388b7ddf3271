import type { Schema } from '@cityquest/openapi';
import type { Waypoint } from '../../db/schema.ts';
import { hasCoordinates } from '../../lib/distance.ts';
import { toUserSummary } from '../users/user-dto.ts';
import type { QuestRow, QuestWithCreator, ReviewWithAuthor, TaskRow, TipRow } from './quest-repository.ts';
import { awardedXp } from './quest-xp.ts';

type StoredPlace = QuestRow['startLocation'];

const iso = (value: Date) => value.toISOString();

/** A route end as the creator gave it; a point without a name is named by its coordinates. */
export function toPlace(place: StoredPlace): Schema<'Place'> {
  const point = hasCoordinates(place) ? place : undefined;
  return {
    name: place.name?.trim() || (point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : ''),
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
  };
}

const toWaypoint = (waypoint: Waypoint): Schema<'Waypoint'> => ({
  lat: waypoint.lat,
  lng: waypoint.lng,
  name: waypoint.name || 'Custom Location',
  address: waypoint.address ?? null,
});

export function toReviewDto({ review, author }: ReviewWithAuthor): Schema<'Review'> {
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    user: author ? toUserSummary(author) : null,
    createdAt: iso(review.createdAt),
    updatedAt: iso(review.updatedAt),
  };
}

export const toTaskDto = (task: TaskRow): Schema<'Task'> => ({
  _id: task.id,
  order: task.order,
  description: task.description,
  hint: task.hint,
});

const toTipDto = (tip: TipRow): Schema<'Tip'> => ({ _id: tip.id, tip_text: tip.tipText });

/** A quest as lists and cards show it; `xp` is what completing it earns (base x difficulty factor). */
export function toQuestSummary(
  { quest, creator }: QuestWithCreator,
  files: readonly string[],
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
    files: files.map((file_url) => ({ file_url })),
    location: quest.lat !== null && quest.lng !== null ? { lat: quest.lat, lng: quest.lng } : null,
    featured: quest.featured,
    views: quest.views,
    completions: quest.completions,
    averageRating: quest.averageRating,
    totalReviews: quest.totalReviews,
    submittedBy: creator ? toUserSummary(creator) : null,
    ...(participants === undefined ? {} : { participants }),
    createdAt: iso(quest.createdAt),
    updatedAt: iso(quest.updatedAt),
  };
}

export type QuestDetailParts = {
  files: readonly string[];
  tasks: readonly TaskRow[];
  tips: readonly TipRow[];
  recentReviews: readonly ReviewWithAuthor[];
  progress: Schema<'OwnProgress'> | null;
  participants?: number;
};

/** The quest in full (admin-and-moderation.md section 3): summary, tasks, tips, route, rating and reviews. */
export function toQuestDetail(row: QuestWithCreator, parts: QuestDetailParts): Schema<'Quest'> {
  const { quest } = row;
  return {
    ...toQuestSummary(row, parts.files, parts.participants),
    pincode: quest.pincode,
    type: quest.type,
    proofInstructions: quest.proofInstructions,
    tasks: parts.tasks.map(toTaskDto),
    tips: parts.tips.map(toTipDto),
    routes: [
      {
        start_location: toPlace(quest.startLocation),
        end_location: toPlace(quest.endLocation),
        waypoints: quest.waypoints.map(toWaypoint),
      },
    ],
    ratingBreakdown: { ...quest.ratingBreakdown },
    recentReviews: parts.recentReviews.map(toReviewDto),
    progress: parts.progress,
  };
}
