import type { MapPoint } from '@cityquest/shared-ui';
import { useEffect, useState } from 'react';
import { type Directions, getDirections } from './quest-play-api.ts';

/**
 * The server's walking route through the stops (pass a memoised list). A failure is only logged
 * (explorer-and-visitor.md section 8): the page then draws straight lines between the stops.
 */
export function useDirections(stops: readonly MapPoint[]) {
  const [directions, setDirections] = useState<Directions | null>(null);
  useEffect(() => {
    let active = true;
    setDirections(null);
    getDirections(stops)?.then(
      (route) => {
        if (active) setDirections(route);
      },
      (error: unknown) => console.warn('Walking directions failed:', error),
    );
    return () => {
      active = false;
    };
  }, [stops]);
  return directions;
}
