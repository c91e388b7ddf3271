import { trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';

type State<T> = { data: T | null; loading: boolean; error: string | null };

/** The same state object when nothing changes ('loading' on mount, say), so React skips a re-render. */
function merge<S extends object>(current: S, partial: Partial<S>): S {
  const changed = (Object.keys(partial) as (keyof S)[]).some((key) => !Object.is(current[key], partial[key]));
  return changed ? { ...current, ...partial } : current;
}

/**
 * Loads data on mount and whenever `key` changes, with the app's one async pattern (trackAsync: loading set and
 * error cleared on start, the server's message or the fallback stored on failure). Answers of stale calls are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, fallback: string, key: string) {
  const [state, setState] = useState<State<T>>({ data: null, loading: true, error: null });
  const call = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const run = useCallback(async () => {
    const id = ++call.current;
    const set = (partial: Partial<State<T>>) => {
      if (id === call.current) setState((current) => merge(current, partial));
    };
    try {
      const data = await trackAsync(set, fallback, () => latest.current());
      set({ data });
    } catch {
      // trackAsync stored the message
    }
  }, [fallback]);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  if (loadedKey !== key) setLoadedKey(key);
  useEffect(() => {
    if (loadedKey !== null) void run();
  }, [run, loadedKey]);
  const setData = useCallback((update: (current: T | null) => T | null) => {
    setState((current) => ({ ...current, data: update(current.data) }));
  }, []);
  return { ...state, reload: run, setData };
}
