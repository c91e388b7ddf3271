import { PROOF_FLAG_FILTERS, type ProofFlagFilter, type Schema } from '@cityquest/contract';
import { proofQueueSortValues } from '@cityquest/contract/schema';
import { oneOf } from '@cityquest/shared-ui';
import { apiKey, unwrap } from '@cityquest/web-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';

export type PendingProof = Schema<'PendingProof'>;
export type ModeratorTaskProof = Schema<'ModeratorTaskProof'>;
export type ProofQueueSort = Schema<'ProofQueueSort'>;
export type BulkApproveResult = Schema<'BulkApproveResult'>;
export type BulkApproval = { approved: number; results: BulkApproveResult[] };

/** Proofs come 10 a page (docs/product-rules/admin-screens.md#proof-verification-screen). */
export const PROOFS_PAGE_SIZE = 10;

/** The queue's orders, in the contract's order; the first, `age`, is the default. */
export const PROOF_SORTS: readonly ProofQueueSort[] = proofQueueSortValues;

/**
 * The queue as the route reads it from the address: page 1, the `age` order and the `all` filter are left out of
 * the address (docs/product-rules/moderation.md#proof-evidence).
 */
export type ProofListSearch = {
  page: number;
  sort?: Exclude<ProofQueueSort, 'age'>;
  flag?: Exclude<ProofFlagFilter, 'all'>;
};

/** The address's order: `risk`, or undefined for the default `age` and for anything unusable. */
export function sortParam(value: unknown): ProofListSearch['sort'] {
  const sort = oneOf(PROOF_SORTS, value);
  return sort === 'age' ? undefined : sort;
}

/** The address's flag filter, or undefined for `all` and for anything unusable. */
export function flagParam(value: unknown): ProofListSearch['flag'] {
  const flag = oneOf(PROOF_FLAG_FILTERS, value);
  return flag === 'all' ? undefined : flag;
}

export type Decision = { proof: PendingProof; taskOrder: number; approved: boolean; feedback: string };

/** One task proof of a submission: the claim and release calls name it by progress record and task order. */
export type ProofAddress = { progressId: string; taskOrder: number };

export const proofsQueries = {
  pending: ({ page, sort, flag }: ProofListSearch) =>
    getQuery('/admin/proofs/pending', {
      query: { page, limit: PROOFS_PAGE_SIZE, ...(sort ? { sort } : {}), ...(flag ? { flag } : {}) },
    }),
};

/**
 * What a decision changes: the queue and its counter lose the proof and the log gains the decision; the last
 * approval of a quest completes it, which changes the explorer's xp and stats and the quest's completions.
 */
function afterDecisions(queryClient: QueryClient, userIds: string[]) {
  return Promise.all(
    [
      apiKey('/admin/proofs/pending'),
      apiKey('/admin/dashboard'),
      apiKey('/admin/action-logs'),
      apiKey('/admin/users'),
      ...[...new Set(userIds)].map((id) => apiKey('/admin/users/{id}', { path: { id } })),
      apiKey('/admin/quests'),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Approves or rejects one task proof. The proof screen sends questId, taskOrder, userId, approved and feedback
 * (docs/product-rules/moderation.md#proof-verification), which is the verify-task call; feedback is left out
 * when blank. A proof another moderator holds, or one already decided, answers 409 naming them
 * (docs/product-rules/moderation.md#review-claims).
 */
export function useVerifyTaskProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proof, taskOrder, approved, feedback }: Decision) =>
      unwrap(
        api().POST('/admin/verify-task/{questId}/{taskOrder}', {
          params: { path: { questId: proof.quest_id._id, taskOrder } },
          body: {
            userId: proof.user_id._id,
            approved,
            ...(feedback.trim() ? { feedback: feedback.trim() } : {}),
          },
        }),
        'Failed to verify task proof',
      ),
    onSuccess: (_answer, { proof }) => afterDecisions(queryClient, [proof.user_id._id]),
  });
}

/**
 * Holds a task proof for the caller while they review it (docs/product-rules/moderation.md#review-claims).
 * A proof another moderator holds or one already decided answers 409 naming them; the queue is read again so
 * its row shows who holds it.
 */
export function useClaimTaskProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ progressId, taskOrder }: ProofAddress) =>
      unwrap(
        api().POST('/admin/quest-progress/{progressId}/task/{order}/claim', {
          params: { path: { progressId, order: taskOrder } },
        }),
        'Failed to claim the task proof',
      ),
    onError: (error) =>
      error.status === 409
        ? queryClient.invalidateQueries({ queryKey: apiKey('/admin/proofs/pending') })
        : undefined,
  });
}

/** Lets go of the caller's claim; nothing waits for it, and a failure only lets the claim lapse on its own. */
export function useReleaseTaskProof() {
  return useMutation({
    mutationFn: ({ progressId, taskOrder }: ProofAddress) =>
      unwrap(
        api().DELETE('/admin/quest-progress/{progressId}/task/{order}/claim', {
          params: { path: { progressId, order: taskOrder } },
        }),
        'Failed to release the task proof',
      ),
  });
}

/**
 * Approves several task proofs at once, each decided and logged on its own; the server leaves a flagged,
 * claimed, decided or own proof as it is and says why in its result
 * (docs/product-rules/moderation.md#bulk-approval).
 */
export function useBulkApproveProofs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proofs: { proof: PendingProof; taskOrder: number }[]): Promise<BulkApproval> =>
      unwrap(
        api().POST('/admin/proofs/approve', {
          body: { proofs: proofs.map(({ proof, taskOrder }) => ({ progressId: proof._id, taskOrder })) },
        }),
        'Failed to approve the task proofs',
      ),
    onSuccess: (_answer, proofs) =>
      afterDecisions(
        queryClient,
        proofs.map(({ proof }) => proof.user_id._id),
      ),
  });
}

/** The proofs of a submission in task order. */
export function proofsInOrder(proof: PendingProof): ModeratorTaskProof[] {
  return Object.values(proof.taskProofs).sort((a, b) => a.taskOrder - b.taskOrder);
}
