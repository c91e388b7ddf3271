import { PROOF_REVIEW } from '@cityquest/contract';
import { ApiError } from '@cityquest/web-client';
import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../lib/auth-api.ts';
import type { Coordinates } from '../../lib/geolocation.ts';
import { type LivePosition, useRecordLivePosition } from './quest-play-api.ts';

/**
 * While live tracking is on and the explorer shares it, their position is sent at most every 30 seconds, the
 * server's own limit per account (docs/product-rules/maps-and-location.md#live-position-sharing).
 */
export const LIVE_POSITION_INTERVAL_MS = 30_000;

function livePosition({ lat, lng, accuracy }: Coordinates): LivePosition {
  const known = Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= PROOF_REVIEW.maxPositionAccuracy;
  return known ? { lat, lng, accuracy } : { lat, lng };
}

/**
 * Shares the live-tracking position with the moderators who review the explorer's proofs, when the signed-in
 * explorer's settings say so (Settings, Privacy): the first fix at once, then at most one every
 * LIVE_POSITION_INTERVAL_MS. A failure never interrupts play: it is logged once, and a 403 (sharing is off on the
 * server) ends sharing for this visit of the page. A 429 (a position arrived within the server's 30 seconds,
 * e.g. from a second tab or a slow network) is expected and skipped quietly: the next fix goes on schedule.
 * `sharing` says whether the position is being shared now.
 */
export function useShareLivePosition(
  questId: string,
  { tracking, fix }: { tracking: boolean; fix: Coordinates | null },
  { enabled = true, now = Date.now }: { enabled?: boolean; now?: () => number } = {},
) {
  const shares = useUser()?.settings.privacy.shareLivePosition === true;
  const { mutateAsync } = useRecordLivePosition(questId);
  const [refused, setRefused] = useState(false);
  const lastSent = useRef<number | null>(null);
  const warned = useRef(false);
  const sharing = enabled && shares && tracking && !refused;

  useEffect(() => {
    if (!sharing || !fix) return;
    const at = now();
    if (lastSent.current !== null && at - lastSent.current < LIVE_POSITION_INTERVAL_MS) return;
    lastSent.current = at;
    mutateAsync(livePosition(fix)).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) setRefused(true);
      if (error instanceof ApiError && error.status === 429) return;
      if (warned.current) return;
      warned.current = true;
      console.warn('Sharing the live position failed:', error);
    });
  }, [sharing, fix, mutateAsync, now]);

  return { sharing };
}
