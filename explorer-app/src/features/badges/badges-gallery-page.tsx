import { TIER_THRESHOLDS } from '@cityquest/contract/rules';
import { BadgeTierChip, EmptyState } from '@cityquest/shared-ui';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconCheck } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { BadgeLoadError, BadgePage, BadgeSection } from './badge-page.tsx';
import { groupByCategory } from './badge-progress.ts';
import { badgeQueries, type Badge as CatalogueBadge, type EarnedBadge } from './badges-api.ts';
import { CatalogueBadgeTile, useUnlockText } from './catalogue-badge-tile.tsx';

const TIERS = Object.keys(TIER_THRESHOLDS) as (keyof typeof TIER_THRESHOLDS)[];

function TierLegend() {
  const { t, i18n } = useTranslation('badges');
  return (
    <Stack gap="xs" component="section" aria-labelledby="badge-tiers">
      <Title order={2} size="h4" id="badge-tiers">
        {t('gallery.tiersTitle')}
      </Title>
      <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {TIERS.map((tier) => (
          <Group key={tier} gap={6} component="li" wrap="nowrap">
            <BadgeTierChip tier={tier} label={t(`tiers.${tier}`)} />
            <Text size="sm">
              {t('gallery.tierLegend', {
                finish: t(`finishes.${tier}`),
                xp: TIER_THRESHOLDS[tier].toLocaleString(i18n.language),
              })}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

type Gallery = { catalogue: CatalogueBadge[]; earned: EarnedBadge[] };

function GalleryContent({ gallery }: { gallery: Gallery }) {
  const { t } = useTranslation('badges');
  const unlockText = useUnlockText();
  const earnedIds = new Set(gallery.earned.map((record) => record.badge_id._id));
  if (gallery.catalogue.length === 0)
    return <EmptyState title={t('gallery.empty')} icon={<IconAward size={28} aria-hidden="true" />} />;
  return (
    <Stack gap="xl">
      <Text fw={600}>
        {t('gallery.summary', { earned: earnedIds.size, total: gallery.catalogue.length })}
      </Text>
      <TierLegend />
      {groupByCategory(gallery.catalogue).map(({ category, badges }) => {
        const headingId = `badges-${category}`;
        const earnedHere = badges.filter((badge) => earnedIds.has(badge._id)).length;
        return (
          <BadgeSection
            key={category}
            id={headingId}
            title={t(`categories.${category}`)}
            aside={
              <Text size="sm" c="dimmed">
                {t('gallery.categoryCount', { earned: earnedHere, total: badges.length })}
              </Text>
            }
          >
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
              {badges.map((badge) => (
                <CatalogueBadgeTile key={badge._id} badge={badge} caption={unlockText(badge)}>
                  {earnedIds.has(badge._id) && (
                    <Badge
                      color="teal"
                      variant="filled"
                      leftSection={<IconCheck size={12} aria-hidden="true" />}
                      mx="auto"
                    >
                      {t('earnedMark')}
                    </Badge>
                  )}
                </CatalogueBadgeTile>
              ))}
            </SimpleGrid>
          </BadgeSection>
        );
      })}
    </Stack>
  );
}

function GalleryFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('badges');
  return (
    <BadgePage
      title={t('gallery.title')}
      subtitle={t('gallery.subtitle')}
      otherPage="/badge-collection"
      otherPageLabel={t('gallery.toCollection')}
    >
      {children}
    </BadgePage>
  );
}

/** Badges Gallery (docs/product-rules/progress-and-xp.md#badges): the server's catalogue by category, earned ones marked. */
export function BadgesGalleryPage() {
  const { data: catalogue } = useSuspenseQuery(badgeQueries.catalogue());
  const { data: profile } = useSuspenseQuery(questQueries.myProfile());
  const earned = profile.badges;
  return (
    <GalleryFrame>
      <GalleryContent gallery={{ catalogue, earned }} />
    </GalleryFrame>
  );
}

export function BadgesGalleryError({ error }: ErrorComponentProps) {
  return (
    <GalleryFrame>
      <BadgeLoadError error={error} />
    </GalleryFrame>
  );
}
