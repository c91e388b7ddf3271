import { PROOF_REVIEW, type Schema } from '@cityquest/contract';
import { type ModeratorTaskProof, type PendingProof, proofsInOrder } from './proofs-api.ts';

/** One waiting task proof of the page, with its submission; `key` names it among the page's proofs. */
export type QueuedProof = { key: string; proof: PendingProof; task: ModeratorTaskProof };

export const proofKey = (progressId: string, taskOrder: number) => `${progressId}/${taskOrder}`;

/**
 * The page's task proofs in the order the screen shows them: submission cards in order, tasks in task order.
 * Next and previous in the review follow it (docs/product-rules/moderation.md#keyboard-review).
 */
export function reviewQueue(proofs: PendingProof[]): QueuedProof[] {
  return proofs.flatMap((proof) =>
    proofsInOrder(proof).map((task) => ({ key: proofKey(proof._id, task.taskOrder), proof, task })),
  );
}

/** The moderator holding the proof when it is someone other than the viewer, else null. */
export function otherHolder(task: ModeratorTaskProof, viewerId: string | null): Schema<'UserSummary'> | null {
  const holder = task.claim?.moderator;
  return holder && holder._id !== viewerId ? holder : null;
}

/**
 * The nearest proof from `from` in one direction that `skip` does not rule out, else null; with `wrap` the
 * search goes on from the other end of the page.
 */
export function nearestReviewable(
  queue: QueuedProof[],
  from: number,
  step: 1 | -1,
  skip: (item: QueuedProof) => boolean,
  wrap = false,
): number | null {
  const count = queue.length;
  for (let offset = 1; offset < (wrap ? count : count + 1); offset++) {
    const index = from + step * offset;
    const wrapped = wrap ? (index + count) % count : index;
    const item = queue[wrapped];
    if (!item) {
      if (wrap) continue;
      return null;
    }
    if (!skip(item)) return wrapped;
  }
  return null;
}

/**
 * What "Approve N without flags" sends: the page's proofs with no flag that nobody else holds, leaving out the
 * viewer's own (nobody decides their own proof), at most the contract's batch
 * (docs/product-rules/moderation.md#bulk-approval).
 */
export function bulkCandidates(queue: QueuedProof[], viewerId: string | null): QueuedProof[] {
  return queue
    .filter(
      ({ proof, task }) =>
        task.flags.length === 0 && !otherHolder(task, viewerId) && proof.user_id._id !== viewerId,
    )
    .slice(0, PROOF_REVIEW.bulkApprove);
}
