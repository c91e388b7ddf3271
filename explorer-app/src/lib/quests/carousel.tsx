import { ActionIcon, Box, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Children, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './carousel.module.css';

/** Carousels scroll 280 px per click (docs/product-rules/explorer-screens.md#home-dashboard). */
export const CAROUSEL_STEP = 280;

/** A horizontally scrolling row of cards with previous and next buttons. */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('quests');
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * CAROUSEL_STEP, behavior: 'smooth' });
  return (
    <Box className={classes.root}>
      <Group justify="flex-end" gap="xs" mb="xs">
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => scroll(-1)}
          aria-label={t('carousel.previous', { label })}
        >
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          onClick={() => scroll(1)}
          aria-label={t('carousel.next', { label })}
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <ul ref={track} className={classes.track} aria-label={label}>
        {Children.map(children, (child) => (
          <li className={classes.item}>{child}</li>
        ))}
      </ul>
    </Box>
  );
}
