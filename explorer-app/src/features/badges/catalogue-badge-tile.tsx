import { BadgeTile, type BadgeTileProps } from '@cityquest/shared-ui';
import { useTranslation } from 'react-i18next';
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
}: { badge: Badge } & Omit<BadgeTileProps, 'name' | 'tier' | 'tierLabel' | 'imageUrl' | 'imageAlt'>) {
  const { t } = useTranslation('badges');
  const tier = t(`tiers.${badge.tier}`);
  return (
    <BadgeTile
      name={badge.name}
      tier={badge.tier}
      tierLabel={tier}
      imageUrl={badge.imageUrl}
      imageAlt={t('imageAlt', { name: badge.name })}
      {...props}
    />
  );
}

/** Dates as the other explorer screens show them (medium style, UTC, in the user's language). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
