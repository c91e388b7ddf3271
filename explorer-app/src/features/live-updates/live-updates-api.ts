import { apiKey, meKey } from '@cityquest/web-client';
import type { LiveEvent } from '@cityquest/web-client/live-events';
import { useLiveQueryUpdates } from '@cityquest/web-client/ui/live-updates';
import type { QueryClient } from '@tanstack/react-query';
import { api, tokenStore } from '../../lib/api.ts';
import { getConfig } from '../../lib/config.ts';
import { liveStatus } from '../../lib/live-status.ts';

/** What each event makes stale (docs/product-rules/offline-play.md#live-updates). */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): Promise<unknown> {
  const refetch = (...keys: readonly (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  switch (event.type) {
    case 'notification':
      return refetch(apiKey('/users/notifications'));
    case 'progress':
      return refetch(
        event.questId ? apiKey('/quest-progress/{questId}', { path: { questId: event.questId } }) : [],
        apiKey('/quest-progress/ongoing'),
        apiKey('/quests/my-dashboard'),
      );
    case 'profile':
      return refetch(meKey, apiKey('/users/my-profile'), apiKey('/quests/my-dashboard'));
    case 'resync':
      // Everything, the signed-in user with it.
      return queryClient.invalidateQueries();
    default:
      return Promise.resolve();
  }
}

/** Keeps the signed-in explorer's event stream open while mounted. */
export function useLiveUpdates() {
  useLiveQueryUpdates({
    baseUrl: getConfig().apiBaseUrl,
    tokens: tokenStore,
    refreshSession: () => api().refreshSession(),
    status: liveStatus,
    apply: applyLiveEvent,
  });
}
