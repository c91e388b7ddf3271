import type { Schema } from '@cityquest/contract';
import type { BadgeTileProps } from '@cityquest/shared-ui';
import { useTranslation } from 'react-i18next';

type Badge = Schema<'Badge'>;

export type BadgeLook = Required<Pick<BadgeTileProps, 'name' | 'tier' | 'imageAlt'>> &
  Pick<BadgeTileProps, 'imageUrl' | 'tierLabel'>;

/**
 * How a catalogue badge shows on the shared BadgeTile, with its tier and image text in the user's language. The
 * strings are the `badges` namespace's, fetched on first use when the screen did not load it (`ready` is false
 * until then).
 */
export function useBadgeLook() {
  const { t, ready } = useTranslation('badges');
  const look = (badge: Badge): BadgeLook => ({
    name: badge.name,
    tier: badge.tier,
    // A badge an admin created without a tier shows none.
    tierLabel: badge.tier ? t(`tiers.${badge.tier}`) : undefined,
    imageUrl: badge.imageUrl,
    imageAlt: t('imageAlt', { name: badge.name }),
  });
  return { look, ready };
}
