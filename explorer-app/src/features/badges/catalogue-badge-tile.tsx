import { BadgeTile, type BadgeTileProps } from '@cityquest/shared-ui';
import { useTranslation } from 'react-i18next';
import { type BadgeLook, useBadgeLook } from '../../lib/badges/badge-tile-props.ts';
import { isCategoryBadge } from './badge-progress.ts';
import type { Badge } from './badges-api.ts';

/** What unlocks a badge: its category xp threshold, or an award from the team for the badges admins create. */
export function useUnlockText() {
  const { t, i18n } = useTranslation('badges');
  return (badge: Badge) =>
    isCategoryBadge(badge)
      ? t('unlocksAt', {
          xp: badge.xpRequired.toLocaleString(i18n.language),
          category: t(`categories.${badge.category}`),
        })
      : badge.description || t('special');
}

/** A catalogue badge on the shared BadgeTile, with its tier and image text in the user's language. */
export function CatalogueBadgeTile({
  badge,
  ...props
}: { badge: Badge } & Omit<BadgeTileProps, keyof BadgeLook>) {
  const { look } = useBadgeLook();
  return <BadgeTile {...look(badge)} {...props} />;
}
