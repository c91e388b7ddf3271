import { EmptyState } from '@cityquest/shared-ui';
import { Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAward, IconCompass, IconTrophy } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import { questQueries } from '../../lib/quests/quest-api.ts';
import { BadgeLoadError, BadgePage, BadgeSection } from './badge-page.tsx';
import { type BadgeCollection, type BadgeInProgress, splitCollection } from './badge-progress.ts';
import { badgeQueries } from './badges-api.ts';
import { CatalogueBadgeTile, useUnlockText } from './catalogue-badge-tile.tsx';

function ExploreButton() {
  const { t } = useTranslation('badges');
  return (
    <Button component={Link} to="/explore" leftSection={<IconCompass size={18} aria-hidden="true" />}>
      {t('exploreQuests')}
    </Button>
  );
}

function InProgressCard({ item }: { item: BadgeInProgress }) {
  const { t, i18n } = useTranslation('badges');
  const { badge, xp, percent } = item;
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <CatalogueBadgeTile badge={badge}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          {t('collection.inProgress.xp', {
            xp: number(xp),
            required: number(badge.xpRequired),
            category: t(`categories.${badge.category}`),
          })}
        </Text>
        <Text size="sm" fw={700}>
          {t('collection.inProgress.percent', { percent })}
        </Text>
      </Group>
      <Progress
        value={percent}
        radius="xl"
        aria-label={t('collection.inProgress.progressLabel', { name: badge.name })}
      />
      <Button
        renderRoot={(props) => <Link {...props} to="/explore" search={{ category: badge.category }} />}
        variant="light"
        size="xs"
        fullWidth
        aria-label={t('collection.inProgress.seeQuestsFor', { name: badge.name })}
      >
        {t('collection.inProgress.seeQuests')}
      </Button>
    </CatalogueBadgeTile>
  );
}

type Collection = BadgeCollection & { total: number };

function CollectionContent({ collection }: { collection: Collection }) {
  const { t } = useTranslation('badges');
  const formatDate = useFormatDate();
  const unlockText = useUnlockText();
  const { earned, inProgress, toDiscover, total } = collection;
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Text fw={600}>{t('collection.summary', { earned: earned.length, total })}</Text>
        <Progress
          value={total > 0 ? (earned.length / total) * 100 : 0}
          size="lg"
          radius="xl"
          aria-label={t('collection.summaryLabel')}
        />
      </Stack>

      <BadgeSection id="badges-in-progress" title={t('collection.inProgress.title')}>
        {inProgress.length === 0 ? (
          <EmptyState
            title={t('collection.inProgress.empty')}
            description={t('collection.inProgress.emptyHint')}
            icon={<IconCompass size={28} aria-hidden="true" />}
            action={<ExploreButton />}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {inProgress.map((item) => (
              <InProgressCard key={item.badge._id} item={item} />
            ))}
          </SimpleGrid>
        )}
      </BadgeSection>

      <BadgeSection id="badges-earned" title={t('collection.earned.title')}>
        {earned.length === 0 ? (
          <EmptyState
            title={t('collection.earned.empty')}
            icon={<IconTrophy size={28} aria-hidden="true" />}
            action={<ExploreButton />}
          />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
            {earned.map((record) => (
              <CatalogueBadgeTile
                key={record.badge_id._id}
                badge={record.badge_id}
                caption={t('collection.earned.on', { date: formatDate(record.earnedAt) })}
              >
                {record.reason && (
                  <Text size="xs" c="dimmed">
                    {t('collection.earned.reason', { reason: record.reason })}
                  </Text>
                )}
              </CatalogueBadgeTile>
            ))}
          </SimpleGrid>
        )}
      </BadgeSection>

      <BadgeSection id="badges-to-discover" title={t('collection.discover.title')}>
        {toDiscover.length === 0 ? (
          <EmptyState
            title={t('collection.discover.empty')}
            icon={<IconAward size={28} aria-hidden="true" />}
          />
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
            {toDiscover.map((badge) => (
              <CatalogueBadgeTile
                key={badge._id}
                badge={badge}
                size="sm"
                locked
                caption={unlockText(badge)}
              />
            ))}
          </SimpleGrid>
        )}
      </BadgeSection>
    </Stack>
  );
}

function CollectionFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('badges');
  return (
    <BadgePage
      title={t('collection.title')}
      subtitle={t('collection.subtitle')}
      otherPage="/badges-gallery"
      otherPageLabel={t('collection.toGallery')}
    >
      {children}
    </BadgePage>
  );
}

/**
 * Badge Collection (docs/product-rules/progress-and-xp.md#badges), from the explorer's real data: the badges they earned, the
 * next badge of each category they have xp in, and the rest still to discover.
 */
export function BadgeCollectionPage() {
  const { data: catalogue } = useSuspenseQuery(badgeQueries.catalogue());
  const { data: profile } = useSuspenseQuery(questQueries.myProfile());
  const collection = {
    ...splitCollection(catalogue, profile.badges, profile.categoryXP),
    total: catalogue.length,
  };
  return (
    <CollectionFrame>
      <CollectionContent collection={collection} />
    </CollectionFrame>
  );
}

export function BadgeCollectionError({ error }: ErrorComponentProps) {
  return (
    <CollectionFrame>
      <BadgeLoadError error={error} />
    </CollectionFrame>
  );
}
