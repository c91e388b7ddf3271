import { apiKey, type Schema, unwrap } from '@cityquest/openapi';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type PendingProof = Schema<'PendingProof'>;
export type ModeratorTaskProof = Schema<'ModeratorTaskProof'>;

/** Proofs come 10 a page (docs/product-rules/admin-screens.md#proof-verification-screen). */
export const PROOFS_PAGE_SIZE = 10;

/** The queue as the screen's address holds it: page 1 is left out. */
export type ProofListSearch = { page?: number };

export type Decision = { proof: PendingProof; taskOrder: number; approved: boolean; feedback: string };

export const proofsQueries = {
  pending: ({ page = 1 }: ProofListSearch) => {
    const query = { page, limit: PROOFS_PAGE_SIZE };
    return queryOptions({
      queryKey: apiKey('/admin/proofs/pending', { query }),
      queryFn: () =>
        unwrap(api().GET('/admin/proofs/pending', { params: { query } }), 'Failed to fetch pending proofs'),
    });
  },
};

/**
 * Approves or rejects one task proof. The proof screen sends questId, taskOrder, userId, approved and feedback
 * (docs/product-rules/moderation.md#proof-verification), which is the verify-task call; feedback is left out
 * when blank.
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
    // The queue and its counter lose the proof and the log gains the decision; the last approval of a quest
    // completes it, which changes the explorer's xp and stats and the quest's completions.
    onSuccess: (_answer, { proof }) =>
      Promise.all(
        [
          apiKey('/admin/proofs/pending'),
          apiKey('/admin/dashboard'),
          apiKey('/admin/action-logs'),
          apiKey('/admin/users'),
          apiKey('/admin/users/{id}', { path: { id: proof.user_id._id } }),
          apiKey('/admin/quests'),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** The proofs of a submission in task order. */
export function proofsInOrder(proof: PendingProof): ModeratorTaskProof[] {
  return Object.values(proof.taskProofs).sort((a, b) => a.taskOrder - b.taskOrder);
}
