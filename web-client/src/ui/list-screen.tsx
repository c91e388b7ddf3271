import { SEARCH_LIMITS } from '@cityquest/contract';
import { SearchField } from '@cityquest/shared-ui';
import { SimpleGrid, type SimpleGridProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type ListScreenProps = {
  title: string;
  subtitle?: ReactNode;
  /** The filter bar's name: it is the page's search landmark. */
  filtersLabel: string;
  filterColumns?: SimpleGridProps['cols'];
  /** The filters, each reading its value from the route's search and writing a change back to it. */
  filters: ReactNode;
  /** The list in its states (failure, loading, empty, the rows, the pagination) and the page's dialogs. */
  children: ReactNode;
};

/**
 * A list screen of the console (docs/product-rules/admin-screens.md#list-pagination): the page's title and
 * subtitle, the filter bar, then the list. The filters and the page live in the address, so a reload or a shared
 * link shows the same rows.
 */
export function ListScreen({
  title,
  subtitle,
  filtersLabel,
  filterColumns = { base: 1, sm: 3 },
  filters,
  children,
}: ListScreenProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      <SimpleGrid cols={filterColumns} spacing="sm" role="search" aria-label={filtersLabel}>
        {filters}
      </SimpleGrid>
      {children}
    </Stack>
  );
}

/** The filter bar's free-text search, as long as the contract lets a search be. */
export function ListSearchInput(props: Omit<Parameters<typeof SearchField>[0], 'maxLength'>) {
  return <SearchField {...props} maxLength={SEARCH_LIMITS.text} />;
}
