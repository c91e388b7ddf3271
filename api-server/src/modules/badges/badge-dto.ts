import type { Schema } from '@cityquest/contract';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import type { badges } from './tables/badges.tables.ts';

export type BadgeRow = typeof badges.$inferSelect;

/** `badgeId` is the catalogue number and `rarity` repeats `tier` (the explorer document's name for it). */
export function toBadgeDto(row: BadgeRow, files: FileAddresses): Schema<'Badge'> {
  return {
    _id: row.id,
    badgeId: row.badgeNumber,
    name: row.name,
    description: row.description,
    imageUrl: files.ofOptional(row.imageUrl),
    category: row.category,
    tier: row.tier,
    rarity: row.tier,
    xpRequired: row.xpRequired,
  };
}

export type EarnedBadgeRow = { badge: BadgeRow; earnedAt: Date; reason: string | null };

/** An earned badge with its badge populated (`badge_id`, docs/product-rules/api-shapes.md#field-names). */
export function toEarnedBadgeDto(row: EarnedBadgeRow, files: FileAddresses): Schema<'EarnedBadge'> {
  return { badge_id: toBadgeDto(row.badge, files), earnedAt: row.earnedAt.toISOString(), reason: row.reason };
}
