import type { ProgressSummary } from './profile-api.ts';

/** How many quests of each kind Recent Activity takes, and how many cards it shows. */
export const RECENT_PER_KIND = 2;
const RECENT_SHOWN = 3;

/**
 * Recent Activity (docs/product-rules/explorer-screens.md#profile): the first 2 ongoing and the first 2 completed
 * quests (each list newest first), ongoing first, at most 3.
 */
export function recentActivity(ongoing: ProgressSummary[], completed: ProgressSummary[]) {
  return [...ongoing.slice(0, RECENT_PER_KIND), ...completed.slice(0, RECENT_PER_KIND)].slice(
    0,
    RECENT_SHOWN,
  );
}

/**
 * Where a quest on the profile leads (docs/product-rules/explorer-screens.md#profile): an ongoing one to the
 * quest being played, a completed one to its page.
 */
export function questLinkOf(progress: ProgressSummary) {
  const params = { questId: progress.quest_id._id };
  return progress.status === 'ongoing'
    ? ({ to: '/quest-in-progress/$questId', params } as const)
    : ({ to: '/quest-overview/$questId', params } as const);
}
