import type { Schema } from '@cityquest/contract';
import { apiKey } from '@cityquest/web-client';
import type { LiveEvent } from '@cityquest/web-client/live-events';
import { useLiveQueryUpdates } from '@cityquest/web-client/ui/live-updates';
import type { QueryClient } from '@tanstack/react-query';
import { api, tokenStore } from '../../lib/api.ts';
import { getConfig } from '../../lib/config.ts';
import { liveStatus } from '../../lib/live-status.ts';

type Dashboard = Schema<'AdminDashboard'>;

/**
 * A moderation event carries the queues' counts: the dashboard shows them at once (its other figures keep their
 * time), and the pending quests are fetched again (docs/product-rules/offline-play.md#live-updates). The proof
 * queue is left alone: a moderator working through it moves on by the list they see, and every decision, their
 * own and their colleagues', would otherwise refetch it under them.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): Promise<unknown> {
  if (event.type === 'resync') return queryClient.invalidateQueries();
  if (event.type !== 'moderation') return Promise.resolve();
  const { pendingQuests, pendingProofs } = event;
  if (pendingQuests !== undefined && pendingProofs !== undefined) {
    queryClient.setQueryData<Dashboard>(apiKey('/admin/dashboard'), (dashboard) =>
      dashboard
        ? {
            ...dashboard,
            pendingQuests,
            pendingProofs,
            questManagement: { ...dashboard.questManagement, pendingQuests },
            proofVerification: { ...dashboard.proofVerification, pendingProofs },
          }
        : dashboard,
    );
  }
  return queryClient.invalidateQueries({ queryKey: apiKey('/admin/quests/pending') });
}

/** Keeps the signed-in admin's event stream open while mounted. */
export function useLiveUpdates() {
  useLiveQueryUpdates({
    baseUrl: getConfig().apiBaseUrl,
    tokens: tokenStore,
    refreshSession: () => api().refreshSession(),
    status: liveStatus,
    apply: applyLiveEvent,
  });
}
