import { trackAsync } from '@cityquest/openapi';
import { useEffect } from 'react';
import { create } from 'zustand';
import { API_USAGE_REFRESH_MS, type ApiUsage, insightsApi } from './insights-api.ts';

type UsageState = {
  usage: ApiUsage | null;
  loading: boolean;
  error: string | null;
  updatedAt: string | null;
};

const initial: UsageState = { usage: null, loading: true, error: null, updatedAt: null };

// One store for the floating widget and the dashboard card, so a page showing both polls once.
const useUsageStore = create<UsageState>()(() => initial);

let watchers = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let inFlight: Promise<void> | null = null;
// Bumped when the last viewer leaves, so an answer still on its way cannot refill the emptied store.
let generation = 0;

function refresh(): Promise<void> {
  const current = generation;
  const set = (partial: Partial<UsageState>) => {
    if (current === generation) useUsageStore.setState(partial);
  };
  inFlight ??= (async () => {
    try {
      const usage = await trackAsync(set, 'Failed to fetch API usage', insightsApi.apiUsage);
      set({ usage, updatedAt: new Date().toISOString() });
    } catch {
      // trackAsync stored the message; the last figures stay on screen beside it
    } finally {
      if (current === generation) inFlight = null;
    }
  })();
  return inFlight;
}

function watch() {
  watchers += 1;
  if (watchers === 1) {
    void refresh();
    timer = setInterval(() => {
      // A hidden tab does not need fresh figures; the next visible tick catches up.
      if (document.visibilityState !== 'hidden') void refresh();
    }, API_USAGE_REFRESH_MS);
  }
  return () => {
    watchers -= 1;
    if (watchers === 0) {
      clearInterval(timer);
      generation += 1;
      inFlight = null;
      useUsageStore.setState(initial, true);
    }
  };
}

/** The maps API usage of today and this month, refreshed every 10 s while anything shows it. */
export function useApiUsage() {
  useEffect(watch, []);
  const state = useUsageStore();
  return { ...state, reload: refresh };
}
