import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** Lists search 300 ms after the last keystroke (docs/product-rules/admin-screens.md#search-boxes). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a list's search box whose search lives in the address: what is typed is committed (trimmed) once
 * typing pauses, and a search the address gets from elsewhere (back, forward, a shared link) replaces the text.
 */
export function useSearchText(committed: string, commit: (search: string) => void) {
  const [text, setText] = useState(committed);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The last search the address held or this box wrote, so the box's own writes do not echo back into it.
  const known = useRef(committed);
  const onCommit = useEffectEvent(commit);

  useEffect(() => {
    if (committed === known.current) return;
    known.current = committed;
    setText(committed);
  }, [committed]);

  useEffect(() => {
    const search = debounced.trim();
    if (search === known.current) return;
    known.current = search;
    onCommit(search);
  }, [debounced]);

  return [text, setText] as const;
}
