import { CATEGORIES } from '@cityquest/contract';
import { EmptyState, ErrorState } from '@cityquest/shared-ui';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingCastle,
  IconDiamond,
  IconMasksTheater,
  IconMountain,
  IconPalette,
  IconToolsKitchen2,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../lib/quests/carousel.tsx';
import { type Category, questQueries } from '../../lib/quests/quest-api.ts';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import classes from './home-page.module.css';

/** The category panel loads up to 20 quests (docs/product-rules/explorer-screens.md#category-panel). */
const CATEGORY_LIMIT = 20;

const ICONS: Record<Category, ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>> = {
  Adventure: IconMountain,
  Food: IconToolsKitchen2,
  Art: IconPalette,
  History: IconBuildingCastle,
  Culture: IconMasksTheater,
  HiddenGems: IconDiamond,
};

function CategoryQuests({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation('quests');
  const { data, isPending, error, refetch } = useQuery(questQueries.category(category, CATEGORY_LIMIT));
  const label = t('categories.results', { category: t(`category.${category}`) });
  return (
    <Card withBorder radius="lg" p="md" aria-label={label} component="section">
      <Group justify="space-between" mb="sm">
        <Title order={3}>{label}</Title>
        <Button variant="subtle" leftSection={<IconX size={16} aria-hidden="true" />} onClick={onClose}>
          {t('categories.close')}
        </Button>
      </Group>
      {isPending ? (
        <Group justify="center" py="lg" role="status">
          <Loader size="sm" />
          <Text>{t('categories.loading')}</Text>
        </Group>
      ) : error ? (
        <ErrorState
          title={t('categories.failed')}
          message={error.message}
          onRetry={() => void refetch()}
          retryLabel={t('tryAgain')}
        />
      ) : !data || data.quests.length === 0 ? (
        <EmptyState title={t('categories.empty')} />
      ) : (
        <Carousel label={label}>
          {data.quests.map((quest) => (
            <QuestSummaryCard key={quest._id} quest={quest} headingOrder={4} />
          ))}
        </Carousel>
      )}
    </Card>
  );
}

/** Browse by Category: selecting a tile loads its quests; selecting it again or Close hides the panel. */
export function CategoryPanel() {
  const { t } = useTranslation('quests');
  const [selected, setSelected] = useState<Category | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="browse-category-title">
      <Title order={2} id="browse-category-title">
        {t('categories.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {CATEGORIES.map((category) => {
          const Icon = ICONS[category];
          const active = selected === category;
          return (
            <UnstyledButton
              key={category}
              className={classes.categoryTile}
              data-active={active || undefined}
              aria-pressed={active}
              aria-label={t('categories.showQuests', { category: t(`category.${category}`) })}
              onClick={() => setSelected(active ? null : category)}
            >
              <Icon size={28} aria-hidden="true" />
              <Text fw={600} size="sm">
                {t(`category.${category}`)}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {selected && <CategoryQuests category={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
