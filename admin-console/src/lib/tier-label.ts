import type { BadgeTier } from '@cityquest/contract';
import type { TFunction } from 'i18next';

/** A badge's tier as people read it, or 'No tier' for a badge an admin created without one. */
export function tierLabel(tier: BadgeTier | null, t: TFunction): string {
  return tier ? t(`badges.tiers.${tier}`) : t('badges.noTier');
}
