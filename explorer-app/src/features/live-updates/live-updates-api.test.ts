import { apiKey } from '@cityquest/web-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-updates-api.ts';

// docs/product-rules/offline-play.md#live-updates
const BELL = apiKey('/users/notifications', { query: { page: 1, limit: 10 } });
const QUEST = apiKey('/quest-progress/{questId}', { path: { questId: 'quest-1' } });
const OTHER_QUEST = apiKey('/quest-progress/{questId}', { path: { questId: 'quest-2' } });
const DASHBOARD = apiKey('/quests/my-dashboard');

function cacheWithEverything() {
  const queryClient = new QueryClient();
  for (const key of [BELL, QUEST, OTHER_QUEST, DASHBOARD]) queryClient.setQueryData(key, {});
  return queryClient;
}

const stale = (queryClient: QueryClient) =>
  [BELL, QUEST, OTHER_QUEST, DASHBOARD].map((key) => queryClient.getQueryState(key)?.isInvalidated);

describe('applyLiveEvent', () => {
  it('refreshes the bell on a notification, and nothing else', async () => {
    const queryClient = cacheWithEverything();
    await applyLiveEvent(queryClient, { type: 'notification' });
    expect(stale(queryClient)).toEqual([true, false, false, false]);
  });

  it("refreshes the decided quest's progress and the dashboard on a decision", async () => {
    const queryClient = cacheWithEverything();
    await applyLiveEvent(queryClient, {
      type: 'progress',
      questId: 'quest-1',
      taskOrder: 1,
      status: 'approved',
    });
    expect(stale(queryClient)).toEqual([false, true, false, true]);
  });

  it('refreshes everything on a resync', async () => {
    const queryClient = cacheWithEverything();
    await applyLiveEvent(queryClient, { type: 'resync' });
    expect(stale(queryClient)).toEqual([true, true, true, true]);
  });
});
