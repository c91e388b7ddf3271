import { PROOF_REVIEW } from '@cityquest/contract';
import { useEffect, useRef } from 'react';
import { useClaimTaskProof, useReleaseTaskProof } from './proofs-api.ts';
import { proofKey } from './review-queue.ts';

/**
 * Holds the proof under review: claimed when it opens and renewed while it stays open, released when the moderator closes it or moves on,
 * without waiting (docs/product-rules/moderation.md#review-claims). Answers the server's message when another
 * moderator holds it or it was decided already, else null.
 */
export function useProofClaim(progressId: string, taskOrder: number): string | null {
  const { mutate: claim, error } = useClaimTaskProof();
  const { mutate: release } = useReleaseTaskProof();
  // The release waits a tick, so an effect run again at once for the same proof (React's strict mode) keeps the
  // claim instead of releasing and claiming it again out of order.
  const releasing = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    const key = proofKey(progressId, taskOrder);
    if (releasing.current?.key === key) {
      clearTimeout(releasing.current.timer);
      releasing.current = null;
    } else {
      claim({ progressId, taskOrder });
    }
    return () => {
      const timer = setTimeout(() => {
        if (releasing.current?.key === key) releasing.current = null;
        release({ progressId, taskOrder });
      }, 0);
      releasing.current = { key, timer };
    };
  }, [progressId, taskOrder, claim, release]);

  // A long look keeps the proof: the claim is renewed a minute before it would lapse.
  useEffect(() => {
    const renew = setInterval(
      () => claim({ progressId, taskOrder }),
      (PROOF_REVIEW.claimMinutes - 1) * 60_000,
    );
    return () => clearInterval(renew);
  }, [progressId, taskOrder, claim]);

  return error?.status === 409 ? error.message : null;
}
