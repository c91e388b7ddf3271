import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type PendingProof = Schema<'PendingProof'>;
export type ModeratorTaskProof = Schema<'ModeratorTaskProof'>;

/** Proofs come 10 a page (admin-and-moderation.md section 9). */
export const PROOFS_PAGE_SIZE = 10;

export type Decision = { approved: boolean; feedback: string };

export const proofsApi = {
  pending: (page: number) =>
    unwrap(
      api().GET('/admin/proofs/pending', { params: { query: { page, limit: PROOFS_PAGE_SIZE } } }),
      'Failed to fetch pending proofs',
    ),
  // The proof screen sends questId, taskOrder, userId, approved and feedback (admin-and-moderation.md
  // section 7), which is the verify-task call; feedback is left out when blank.
  verify: (proof: PendingProof, taskOrder: number, { approved, feedback }: Decision) =>
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
};

/** The proofs of a submission in task order. */
export function proofsInOrder(proof: PendingProof): ModeratorTaskProof[] {
  return Object.values(proof.taskProofs).sort((a, b) => a.taskOrder - b.taskOrder);
}
