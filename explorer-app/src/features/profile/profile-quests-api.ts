import { PAGE_SIZE_MAX } from '@cityquest/contract';

import { getPages, getQuery } from '../../lib/api.ts';

import { RECENT_PER_KIND } from './profile-quests.ts';

export const profileQuestQueries = {
  /** The explorer's ongoing quests (at most 3), newest first. */
  ongoing: () => getQuery('/quest-progress/ongoing'),
  /** The latest completions Recent Activity can show. */
  latestCompleted: () => getQuery('/users/completed-quests', { query: { limit: RECENT_PER_KIND } }),
  /** Every completion, newest first, in the largest pages the API gives: one request for nearly everyone. */
  completed: () => getPages('/users/completed-quests', { query: { limit: PAGE_SIZE_MAX } }),
};
