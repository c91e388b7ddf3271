import { useEffect, useState } from 'react';
import { nearestReviewable, otherHolder, type QueuedProof } from './review-queue.ts';

/**
 * Which of the page's task proofs is under review (null: none). j and k step to the previous or next proof
 * another moderator does not hold; a decision or a skip moves on to the next one, going round the page, and
 * closes the review when none is left. Proofs decided or skipped since the review opened are passed over, as
 * the list may not have been read again yet (docs/product-rules/moderation.md#keyboard-review).
 */
export function useReviewCursor(queue: QueuedProof[], viewerId: string | null) {
  const [key, setKey] = useState<string | null>(null);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const found = key === null ? -1 : queue.findIndex((item) => item.key === key);
  const index = found === -1 ? null : found;

  // The proof left the page (another moderator decided it, or the list changed): the review ends rather than
  // coming back should it show again.
  useEffect(() => {
    if (key !== null && found === -1) setKey(null);
  }, [key, found]);

  const passedOver = (done: ReadonlySet<string>) => (item: QueuedProof) =>
    done.has(item.key) || otherHolder(item.task, viewerId) !== null;
  /** The next proof round the page that is not passed over; never the current one. */
  const following = (done: ReadonlySet<string>) => {
    if (index === null) return null;
    const next = nearestReviewable(queue, index, 1, passedOver(done), true);
    return next === null ? null : (queue[next] ?? null);
  };

  /** Leaves the current proof for good (decided or held by someone else) and moves on. */
  const moveOn = () => {
    if (key === null) return;
    const done = new Set(settled).add(key);
    setSettled(done);
    setKey(following(done)?.key ?? null);
  };

  return {
    index,
    notice,
    /** The proof moving on would show, whose photos load ahead. */
    upcoming: following(settled),
    open: (next: string) => {
      setSettled(new Set());
      setNotice(null);
      setKey(next);
    },
    close: () => setKey(null),
    step: (step: 1 | -1) => {
      if (index === null) return;
      const next = nearestReviewable(queue, index, step, passedOver(settled));
      if (next !== null) setKey(queue[next]?.key ?? null);
    },
    skip: moveOn,
    decided: (message: string) => {
      setNotice(message);
      moveOn();
    },
  };
}
