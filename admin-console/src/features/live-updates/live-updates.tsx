import { useLiveUpdates } from './live-updates-api.ts';

/** The admin's live updates: the dashboard's pending counts and the queues change as moderation events arrive. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
