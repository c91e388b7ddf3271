import { TIER_THRESHOLDS } from '@cityquest/openapi/rules';
import { BadgeTierChip, EmptyState, ErrorState, FullPageLoader } from '@cityquest/shared-ui';
import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLoad } from '../../lib/quests/use-load.ts';
import { groupByCategory } from './badge-progress.ts';
import { type Gallery, loadGallery } from './badges-api.ts';
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
          <Stack key={category} gap="sm" component="section" aria-labelledby={headingId}>
            <Group justify="space-between" align="baseline">
              <Title order={2} id={headingId}>
                {t(`categories.${category}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t('gallery.categoryCount', { earned: earnedHere, total: badges.length })}
              </Text>
            </Group>
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
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Badges Gallery (admin-and-moderation.md section 2): the server's catalogue by category, earned ones marked. */
export function BadgesGalleryPage() {
  const { t } = useTranslation('badges');
  const userId = useAuthStore((state) => state.userData?._id ?? '');
  const { data, loading, error, reload } = useLoad(
    () => loadGallery(userId),
    'Failed to fetch badges',
    userId,
  );
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('gallery.title')}</Title>
            <Text c="dimmed">{t('gallery.subtitle')}</Text>
          </Stack>
          <Button component={Link} to="/badge-collection" variant="light">
            {t('gallery.toCollection')}
          </Button>
        </Group>
        {error ? (
          <ErrorState
            title={t('loadFailed')}
            message={error}
            onRetry={() => void reload()}
            retryLabel={t('retry')}
          />
        ) : loading || !data ? (
          <FullPageLoader label={t('loading')} />
        ) : (
          <GalleryContent gallery={data} />
        )}
      </Stack>
    </Container>
  );
}
