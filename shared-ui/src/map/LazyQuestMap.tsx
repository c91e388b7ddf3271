import { Skeleton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { QuestMapProps } from './QuestMap.tsx';

// maplibre-gl is large: its chunk loads only when a map is about to be seen, never with an entry.
const QuestMap = lazy(() => import('./QuestMap.tsx'));

/** A map starts loading this far before it scrolls into view, so it is drawn by the time it is seen. */
const LOAD_AHEAD = '400px';
const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * The one way the apps show a map: a busy placeholder of the map's size until the map is near the screen, then the
 * map. A map further down a page (a quest's route) costs a phone nothing until the person scrolls towards it.
 */
export function LazyQuestMap({ height = '20rem', ...props }: QuestMapProps) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: LOAD_AHEAD });
  // Once near, the map stays: scrolling away and back must not rebuild it.
  const [near, setNear] = useState(() => !canObserve());
  if (!near && entry?.isIntersecting) setNear(true);
  // The map's own region, marked busy: a screen reader finds the map where it will be.
  const placeholder = (
    <Skeleton h={height} radius="md" role="region" aria-label={props.ariaLabel} aria-busy="true" />
  );
  if (!near) return <div ref={ref}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <QuestMap height={height} {...props} />
    </Suspense>
  );
}
