import { CATEGORIES, DIFFICULTIES, QUEST_SORTS, SEARCH_LIMITS } from '@cityquest/contract';
import { EmptyState, ErrorState, shownTotal } from '@cityquest/shared-ui';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, Difficulty, QuestSortBy, QuestSummary } from '../../lib/quests/quest-api.ts';
import { QuestLimitModal } from '../../lib/quests/quest-limit-modal.tsx';
import { QuestSummaryCard } from '../../lib/quests/quest-summary-card.tsx';
import { StartQuestButton, useQuestStarter } from '../../lib/quests/start-quest-button.tsx';
import { SignUpToStartModal } from '../../lib/quests/visitor-prompt.tsx';
import { DEFAULT_SORT, type ExploreFilters, exploreQueries } from './explore-api.ts';
import { useBackgroundRender } from './use-background-render.ts';

const SEARCH_DEBOUNCE_MS = 300;
const ALL = 'all';

/**
 * The page's quests in groups: the first 3, the next 4 (indexes 3-6), then the rest. A page of 12 carries indexes
 * 7-11 in the third group, so none is hidden.
 */
export function splitQuests(quests: QuestSummary[]) {
  return [quests.slice(0, 3), quests.slice(3, 7), quests.slice(7)] as const;
}

/**
 * The search text as typed, written to the URL once typing pauses; a search changed in the URL (Back, Clear
 * filters) replaces the text in the box.
 */
function useSearchText(search: string, onSearch: (search: string) => void) {
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Searches written to the URL that it has not shown back yet: one arriving late must not undo later typing.
  const written = useRef<string[]>([]);
  const write = useEffectEvent((typed: string) => {
    if (typed === search) return;
    written.current.push(typed);
    onSearch(typed);
  });
  useEffect(() => write(debounced), [debounced]);
  useEffect(() => {
    const own = written.current.indexOf(search);
    if (own >= 0) {
      written.current.splice(0, own + 1);
      return;
    }
    written.current = [];
    setText(search);
  }, [search]);
  return [text, setText] as const;
}

/** Search, filters, sort and page are the route's (the URL's); `onFiltersChange` starts again at page 1. */
export function ExploreQuestList({
  filters,
  onFiltersChange,
}: {
  filters: ExploreFilters;
  onFiltersChange: (change: Partial<ExploreFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t, i18n } = useTranslation('quests');
  const [searchText, setSearchText] = useSearchText(filters.search ?? '', (search) =>
    // Replaced, not pushed: Back does not step through the words typed on the way.
    onFiltersChange({ search: search || undefined }, { replace: true }),
  );
  const starter = useQuestStarter();
  const {
    data: loaded,
    error,
    isFetching,
    isPlaceholderData,
    refetch,
  } = useQuery({
    ...exploreQueries.list(filters),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  // A failed answer being retried shows the loader again.
  const failed = isFetching ? null : error;
  const { shown: data, pending } = useBackgroundRender(loaded, isPlaceholderData);
  const loading = !data && !failed;
  const clearFilters = () => {
    setSearchText('');
    onFiltersChange({ search: undefined, category: undefined, difficulty: undefined, sort: DEFAULT_SORT });
  };
  const filtered = Boolean(filters.search || filters.category || filters.difficulty);
  const groups = data ? splitQuests(data.quests) : null;
  const groupTitles = [t('explore.topPicks'), t('explore.trending'), t('explore.more')];

  return (
    <Stack gap="md" component="section" aria-labelledby="explore-list-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="explore-list-title">
          {t('explore.listTitle')}
        </Title>
        {data && !pending && (
          <Text c="dimmed" role="status">
            {t('explore.total', {
              count: data.pagination.totalQuests,
              shown: shownTotal(data.pagination.totalQuests, data.pagination.totalCapped, i18n.language),
            })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={t('explore.search')}
          placeholder={t('explore.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={searchText}
          maxLength={SEARCH_LIMITS.text}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('explore.category')}
          value={filters.category ?? ALL}
          data={[
            { value: ALL, label: t('explore.allCategories') },
            ...CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) })),
          ]}
          onChange={({ currentTarget: { value } }) =>
            onFiltersChange({ category: value === ALL ? undefined : (value as Category) })
          }
        />
        <NativeSelect
          label={t('explore.difficulty')}
          value={filters.difficulty ?? ALL}
          data={[
            { value: ALL, label: t('explore.allDifficulties') },
            ...DIFFICULTIES.map((difficulty) => ({
              value: difficulty,
              label: t(`difficulty.${difficulty}`),
            })),
          ]}
          onChange={({ currentTarget: { value } }) =>
            onFiltersChange({ difficulty: value === ALL ? undefined : (value as Difficulty) })
          }
        />
        <NativeSelect
          label={t('explore.sort')}
          value={filters.sort}
          data={QUEST_SORTS.map((sort) => ({ value: sort, label: t(`explore.sortBy.${sort}`) }))}
          onChange={({ currentTarget: { value } }) => onFiltersChange({ sort: value as QuestSortBy })}
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
      ) : failed ? (
        <ErrorState
          title={t('home.loadFailed')}
          message={failed.message}
          onRetry={() => void refetch()}
          retryLabel={t('tryAgain')}
        />
      ) : !groups || data?.quests.length === 0 ? (
        <EmptyState
          title={t('explore.empty')}
          description={filtered ? t('explore.emptyBody') : undefined}
          action={
            filtered ? (
              <Button variant="light" onClick={clearFilters}>
                {t('explore.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack gap="md" aria-busy={pending} style={pending ? { opacity: 0.6 } : undefined}>
          {groups.map((group, index) =>
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
          )}
        </Stack>
      )}

      {data && data.pagination.totalPages > 1 && (
        <Center>
          <Pagination
            total={data.pagination.totalPages}
            value={filters.page}
            onChange={(next) => onFiltersChange({ page: next })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('explore.previousPage') : t('explore.nextPage'),
            })}
            aria-label={t('explore.pages')}
          />
        </Center>
      )}
      <QuestLimitModal opened={starter.limitReached} onClose={starter.closeLimit} />
      <SignUpToStartModal questId={starter.signUpFor} onClose={starter.closeSignUp} />
    </Stack>
  );
}
