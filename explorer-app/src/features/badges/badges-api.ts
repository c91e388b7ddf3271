import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';
import { getMyProfile } from '../../lib/quests/quest-api.ts';
import { type BadgeCollection, splitCollection } from './badge-progress.ts';

export type Badge = Schema<'Badge'>;
export type EarnedBadge = Schema<'EarnedBadge'>;

// 'Failed to fetch badges' is the documents' fallback (explorer-and-visitor.md section 8).
export const listBadges = () => unwrap(api().GET('/badges'), 'Failed to fetch badges');

export const listEarnedBadges = (userId: string) =>
  unwrap(api().GET('/badges/earned/{userId}', { params: { path: { userId } } }), 'Failed to fetch badges');

export type Gallery = { catalogue: Badge[]; earned: EarnedBadge[] };

export async function loadGallery(userId: string): Promise<Gallery> {
  const [catalogue, earned] = await Promise.all([listBadges(), listEarnedBadges(userId)]);
  return { catalogue, earned };
}

export type Collection = BadgeCollection & { total: number };

/** The explorer's own badges, split by what the server says they earned and their category xp. */
export async function loadCollection(userId: string): Promise<Collection> {
  const [catalogue, earned, profile] = await Promise.all([
    listBadges(),
    listEarnedBadges(userId),
    getMyProfile(),
  ]);
  return { ...splitCollection(catalogue, earned, profile.categoryXP), total: catalogue.length };
}
