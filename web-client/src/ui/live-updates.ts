import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type LiveEvent, type LiveStreamOptions, useLiveStream } from '../live-events.ts';
import type { LiveStatus } from '../live-status.ts';

export type LiveUpdatesOptions = Omit<LiveStreamOptions, 'onEvent' | 'onState'> & {
  /** The app's stream state, which its polling screens read. */
  status: LiveStatus;
  /** What an event makes stale or changes in the app's query cache. */
  apply: (queryClient: QueryClient, event: LiveEvent) => Promise<unknown>;
};

/**
 * Keeps the signed-in user's event stream open while mounted and hands each event to the app's `apply` with the
 * query cache (docs/product-rules/offline-play.md#live-updates). Load it lazily: the stream's client stays out of
 * the entry bundle.
 */
export function useLiveQueryUpdates({ status, apply, ...stream }: LiveUpdatesOptions): void {
  const queryClient = useQueryClient();
  useLiveStream({ ...stream, onEvent: (event) => void apply(queryClient, event) }, status);
}
