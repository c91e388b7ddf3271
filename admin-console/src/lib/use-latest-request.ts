import { trackAsync } from '@cityquest/openapi';
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

type State<T> = { data: T | null; loading: boolean; error: string | null };

/**
 * Loads with `fetch` on mount and whenever one of `inputs` changes (everything `fetch` reads, listed as for
 * useCallback), with the one async pattern of the console (trackAsync: loading set and error cleared on start,
 * the server's message or else `fallback` stored on failure). A slower answer to an older request never replaces
 * a newer one. `fetch` may resolve to undefined to keep what is shown, for instance when it asked for another
 * page instead.
 */
export function useLatestRequest<T>(
  fetch: () => Promise<T | undefined>,
  fallback: string,
  inputs: DependencyList,
) {
  const [state, setState] = useState<State<T>>({ data: null, loading: true, error: null });
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inputs` are what `fetch` reads, named by the caller.
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State<T>>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, fallback, fetch);
      if (data !== undefined) set({ data });
    } catch {
      // trackAsync stored the message
    }
  }, [fallback, ...inputs]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  const setData = useCallback((update: (current: T | null) => T | null) => {
    setState((current) => ({ ...current, data: update(current.data) }));
  }, []);
  return { ...state, reload: load, dismissError, setData };
}
