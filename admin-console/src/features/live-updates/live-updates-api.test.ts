import type { Schema } from '@cityquest/contract';
import { apiKey } from '@cityquest/web-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-updates-api.ts';

// docs/product-rules/offline-play.md#live-updates
type Dashboard = Schema<'AdminDashboard'>;
const DASHBOARD = apiKey('/admin/dashboard');
const PENDING_QUESTS = apiKey('/admin/quests/pending', { query: { page: 1, limit: 5 } });
const PROOF_QUEUE = apiKey('/admin/proofs/pending', { query: { page: 1 } });

const counters: Dashboard = {
  asOf: '2026-11-26T12:04:00.000Z',
  totalUsers: 40,
  activeUsers: 12,
  newUsersToday: 1,
  totalQuests: 10,
  pendingQuests: 2,
  approvedQuests: 7,
  rejectedQuests: 1,
  monthlyGrowth: 15.2,
  pendingProofs: 7,
  userManagement: { totalUsers: 40, activeUsers: 12, newUsersToday: 1 },
  questManagement: { totalQuests: 10, pendingQuests: 2, approvedQuests: 7, rejectedQuests: 1 },
  analytics: { monthlyGrowth: 15.2 },
  systemHealth: { status: 'ok', database: 'pglite', uptimeSeconds: 60 },
  proofVerification: { pendingProofs: 7 },
};

describe('applyLiveEvent', () => {
  it("puts a moderation event's counts on the dashboard and refetches the pending quests, not the proof queue", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(DASHBOARD, counters);
    queryClient.setQueryData(PENDING_QUESTS, {});
    queryClient.setQueryData(PROOF_QUEUE, {});
    await applyLiveEvent(queryClient, { type: 'moderation', pendingQuests: 3, pendingProofs: 6 });
    const shown = queryClient.getQueryData<Dashboard>(DASHBOARD);
    expect([
      shown?.pendingQuests,
      shown?.questManagement.pendingQuests,
      shown?.pendingProofs,
      shown?.proofVerification.pendingProofs,
      shown?.totalUsers,
    ]).toEqual([3, 3, 6, 6, 40]);
    expect(queryClient.getQueryState(PENDING_QUESTS)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(PROOF_QUEUE)?.isInvalidated).toBe(false);
  });

  it('leaves the console alone on events for explorers', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(DASHBOARD, counters);
    await applyLiveEvent(queryClient, { type: 'notification' });
    expect(queryClient.getQueryData(DASHBOARD)).toEqual(counters);
    expect(queryClient.getQueryState(DASHBOARD)?.isInvalidated).toBe(false);
  });
});
