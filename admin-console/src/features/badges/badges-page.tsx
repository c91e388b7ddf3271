import { CATEGORIES, type Category } from '@cityquest/contract';
import { BadgeTile } from '@cityquest/shared-ui';
import { ListState } from '@cityquest/web-client/ui/list-state';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Badge, badgeQueries } from '../../api/badges-api.ts';
import { categoryLabel } from '../../lib/category-label.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import { tierLabel } from '../../lib/tier-label.ts';
import { CreateBadgeModal } from './create-badge-modal.tsx';

/** /admin/badges: the catalogue by category, and Create badge (docs/product-rules/admin-screens.md#badges-screen). */
export function BadgesPage() {
  const { t } = useTranslation();
  const catalogue = useQuery(badgeQueries.catalogue());
  const status = useQueryStatus(catalogue);
  const [creating, setCreating] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const badges = catalogue.data ?? [];

  function onCreated(badge: Badge) {
    setCreating(false);
    setDone(t('badges.create.done', { name: badge.name, badgeId: badge.badgeId }));
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Title order={1}>{t('badges.title')}</Title>
          <Text c="dimmed">{t('badges.subtitle')}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => {
            setDone(null);
            setCreating(true);
          }}
        >
          {t('badges.create.open')}
        </Button>
      </Group>

      <ListState
        list={status}
        loaded={badges.length}
        labels={{
          error: t('badges.error'),
          dismiss: t('badges.dismiss'),
          retry: t('badges.retry'),
          loading: t('badges.loading'),
        }}
        empty={{
          title: t('badges.empty'),
          description: t('badges.emptyHint'),
          icon: <IconAward size={28} aria-hidden="true" />,
        }}
        notices={
          done && (
            <Alert
              color="green"
              variant="light"
              role="status"
              withCloseButton
              closeButtonLabel={t('badges.dismiss')}
              onClose={() => setDone(null)}
            >
              {done}
            </Alert>
          )
        }
      >
        <Stack gap="xl" aria-busy={status.loading} aria-label={t('badges.listLabel')} component="section">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('badges.total', { count: badges.length })}
          </Text>
          {CATEGORIES.map((category) => (
            <CategoryBadges
              key={category}
              category={category}
              badges={badges.filter((badge) => badge.category === category)}
            />
          ))}
        </Stack>
      </ListState>

      <CreateBadgeModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
        catalogue={badges}
      />
    </Stack>
  );
}

/** One category's badges, in the server's order (by the xp they need). */
function CategoryBadges({ category, badges }: { category: Category; badges: Badge[] }) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  const headingId = `badges-${category}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {categoryLabel(category, t)}{' '}
        <Text span c="dimmed" size="sm" fw={400}>
          ({t('badges.categoryTotal', { count: badges.length })})
        </Text>
      </Title>
      <SimpleGrid
        cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
        spacing="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {badges.map((badge) => (
          <li key={badge._id}>
            <BadgeTile
              name={badge.name}
              tier={badge.tier}
              tierLabel={tierLabel(badge.tier, t)}
              imageUrl={badge.imageUrl}
              imageAlt={t('badges.tile.imageAlt', { name: badge.name })}
              size="sm"
              headingOrder={3}
              caption={t('badges.tile.caption', {
                badgeId: badge.badgeId,
                xp: badge.xpRequired.toLocaleString('en'),
              })}
            >
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {badge.description}
              </Text>
            </BadgeTile>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
