import { EmptyState, ErrorState } from '@cityquest/shared-ui';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  type Category,
  DIFFICULTIES,
  type Difficulty,
  listQuests,
  type QuestSortBy,
  type QuestSummary,
  SORTS,
} from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { StartQuestButton } from '../../lib/quests/start-quest-button.tsx';
import { useLoad } from '../../lib/quests/use-load.ts';
import { useStartQuest } from '../../lib/quests/use-start-quest.ts';
import { useBackgroundRender } from './use-background-render.ts';

/** Explore loads page 1, limit 12 (explorer-and-visitor.md section 7). */
export const EXPLORE_LIMIT = 12;
const SEARCH_DEBOUNCE_MS = 300;

export type CategoryFilter = Category | 'all';

type Filters = {
  search: string;
  category: CategoryFilter;
  difficulty: Difficulty | 'all';
  sortBy: QuestSortBy;
};
const NO_FILTERS: Filters = { search: '', category: 'all', difficulty: 'all', sortBy: 'newest' };

/**
 * The page's quests in groups: the first 3, the next 4 (indexes 3-6), then the rest (section 2, Explore). The
 * documents' third group is indexes 7-9; a page of 12 also carries indexes 10-11, which join it so none is hidden.
 */
export function splitQuests(quests: QuestSummary[]) {
  return [quests.slice(0, 3), quests.slice(3, 7), quests.slice(7)] as const;
}

/** The category filter lives in the URL (the caller owns it); search, difficulty, sort and page stay local. */
export function ExploreQuestList({
  category,
  onCategoryChange,
}: {
  category: CategoryFilter;
  onCategoryChange: (category: CategoryFilter) => void;
}) {
  const { t } = useTranslation('quests');
  const [local, setLocal] = useState<Omit<Filters, 'category'>>(NO_FILTERS);
  const filters: Filters = { ...local, category };
  // The page belongs to the category it was chosen in, so a category from the URL (Back, a link) starts at page 1.
  const [paging, setPaging] = useState({ category, page: 1 });
  const page = paging.category === category ? paging.page : 1;
  const setPage = (next: number) => setPaging({ category, page: next });
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const starter = useStartQuest();
  const query = {
    page,
    limit: EXPLORE_LIMIT,
    ...(search ? { searchQuery: search } : {}),
    category: filters.category,
    difficulty: filters.difficulty,
    sortBy: filters.sortBy,
  };
  const {
    data: loaded,
    loading: fetching,
    error,
    reload,
  } = useLoad(() => listQuests(query), 'Failed to fetch quests', JSON.stringify(query));
  const { shown: data, pending: loading } = useBackgroundRender(loaded, fetching);
  const change = ({ category: nextCategory, ...partial }: Partial<Filters>) => {
    setLocal((current) => ({ ...current, ...partial }));
    setPage(1);
    if (nextCategory !== undefined && nextCategory !== category) onCategoryChange(nextCategory);
  };
  const filtered = search !== '' || filters.category !== 'all' || filters.difficulty !== 'all';
  const groups = data ? splitQuests(data.quests) : null;
  const groupTitles = [t('explore.topPicks'), t('explore.trending'), t('explore.more')];

  return (
    <Stack gap="md" component="section" aria-labelledby="explore-list-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="explore-list-title">
          {t('explore.listTitle')}
        </Title>
        {data && !loading && (
          <Text c="dimmed" role="status">
            {t('explore.total', { count: data.pagination.totalQuests })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={t('explore.search')}
          placeholder={t('explore.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={filters.search}
          maxLength={100}
          onChange={(event) => change({ search: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('explore.category')}
          value={filters.category}
          data={[
            { value: 'all', label: t('explore.allCategories') },
            ...CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) })),
          ]}
          onChange={(event) => change({ category: event.currentTarget.value as CategoryFilter })}
        />
        <NativeSelect
          label={t('explore.difficulty')}
          value={filters.difficulty}
          data={[
            { value: 'all', label: t('explore.allDifficulties') },
            ...DIFFICULTIES.map((difficulty) => ({
              value: difficulty,
              label: t(`difficulty.${difficulty}`),
            })),
          ]}
          onChange={(event) => change({ difficulty: event.currentTarget.value as Filters['difficulty'] })}
        />
        <NativeSelect
          label={t('explore.sort')}
          value={filters.sortBy}
          data={SORTS.map((sort) => ({ value: sort, label: t(`explore.sortBy.${sort}`) }))}
          onChange={(event) => change({ sortBy: event.currentTarget.value as QuestSortBy })}
        />
      </SimpleGrid>

      {starter.failed && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={starter.dismissFailure}>
          {t('startFailed')}
        </Alert>
      )}

      {loading ? (
        <Center py="xl">
          <Group gap="sm" role="status">
            <Loader />
            <Text>{t('explore.loading')}</Text>
          </Group>
        </Center>
      ) : error ? (
        <ErrorState
          title={t('home.loadFailed')}
          message={error}
          onRetry={() => void reload()}
          retryLabel={t('tryAgain')}
        />
      ) : !groups || data?.quests.length === 0 ? (
        <EmptyState
          title={t('explore.empty')}
          description={filtered ? t('explore.emptyBody') : undefined}
          action={
            filtered ? (
              <Button variant="light" onClick={() => change(NO_FILTERS)}>
                {t('explore.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        groups.map((group, index) =>
          group.length === 0 ? null : (
            <Stack key={groupTitles[index]} gap="sm">
              <Title order={3}>{groupTitles[index]}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: index === 1 ? 4 : 3 }} spacing="md">
                {group.map((quest) => (
                  <QuestSummaryCard
                    key={quest._id}
                    quest={quest}
                    headingOrder={4}
                    showDescription
                    actions={<StartQuestButton quest={quest} starter={starter} />}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ),
        )
      )}

      {data && data.pagination.totalPages > 1 && (
        <Center>
          <Pagination
            total={data.pagination.totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('explore.previousPage') : t('explore.nextPage'),
            })}
            aria-label={t('explore.pages')}
          />
        </Center>
      )}
      <QuestLimitModal opened={starter.limitReached} onClose={starter.closeLimit} />
    </Stack>
  );
}
