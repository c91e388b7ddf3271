import { useLiveUpdates } from './live-updates-api.ts';

/**
 * The signed-in explorer's live updates: the bell, the quest page and the header change as events arrive. The
 * root layout loads this lazily, so the stream's client stays out of the entry bundle.
 */
export default function LiveUpdates() {
  useLiveUpdates();
  return null;
}
