import { ActionIcon, Group, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Recommended and Created show 3 cards at 1024 px and wider, 2 from 640 px, else 1
 * (docs/product-rules/explorer-screens.md#my-quest).
 */
export function useCardsPerView() {
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 640px)');
  return wide ? 3 : medium ? 2 : 1;
}

/** A row of as many cards as fit the screen, with previous and next buttons when there are more. */
export function PagedCards<T>({
  items,
  section,
  empty,
  render,
}: {
  items: T[];
  section: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('quests');
  const perView = useCardsPerView();
  const [start, setStart] = useState(0);
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  const first = Math.min(start, Math.max(0, items.length - perView));
  const shown = items.slice(first, first + perView);
  return (
    <>
      <SimpleGrid cols={perView} spacing="md">
        {shown.map((item) => render(item))}
      </SimpleGrid>
      {items.length > perView && (
        <Group justify="flex-end" gap="xs" mt="sm">
          <ActionIcon
            variant="default"
            radius="xl"
            size="lg"
            disabled={first === 0}
            onClick={() => setStart(Math.max(0, first - perView))}
            aria-label={t('myQuest.previousPage', { section })}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            radius="xl"
            size="lg"
            disabled={first + perView >= items.length}
            onClick={() => setStart(first + perView)}
            aria-label={t('myQuest.nextPage', { section })}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      )}
    </>
  );
}
