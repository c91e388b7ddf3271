import { useDeferredValue } from 'react';

/**
 * Renders newly loaded data in the background, in slices, while the caller's loading state stays up: a long
 * render of arriving data (a dozen cards, a map's quests) then never blocks input in one task on a phone.
 */
export function useBackgroundRender<T>(loaded: T, fetching: boolean) {
  const shown = useDeferredValue(loaded);
  return { shown, pending: fetching || shown !== loaded };
}
