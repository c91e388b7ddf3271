import type { Schema } from '@cityquest/openapi';
import type { ProofStatus } from '../../db/schema.ts';
import { conflict, fieldError, forbidden, type HttpError, notFound } from '../../lib/http-error.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import { allTasksApproved } from '../../lib/progress-math.ts';
import { type ActionType, logAdminAction } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { findQuest, findQuestsWithCreator } from '../quests/index.ts';
import type { UserRow } from '../users/index.ts';
import { toUserSummary } from '../users/index.ts';
import { type Completion, completeQuest } from './completion.ts';
import { toModeratorTaskProof, toProofMap } from './progress-dto.ts';
import type { ProgressDeps } from './progress-loader.ts';
import * as repo from './progress-repository.ts';

export const PROGRESS_RECORD_NOT_FOUND = 'Quest progress not found';
export const PROOF_NOT_FOUND = 'Task proof not found';
export const ALREADY_REVIEWED = 'This task proof has already been reviewed';
export const OWN_PROOF = 'You cannot review your own proof';
/**
 * Feedback is optional to approve and required to reject
 * (docs/product-rules/moderation.md#proof-verification).
 */
export const FEEDBACK_REQUIRED = 'Feedback is required when rejecting';

type Admin = Pick<UserRow, 'id'>;
export type Decision = { approved: boolean; feedback?: string | undefined };
export type Verification = { record: Schema<'PendingProof'>; completion: Completion | null };

/** One explorer's proofs on one quest for moderators; `waitingOnly` keeps the proofs still to review. */
async function loadPendingProofs(
  deps: ProgressDeps,
  progressIds: string[],
  waitingOnly: boolean,
): Promise<Schema<'PendingProof'>[]> {
  const rows = await repo.findProgressByIds(deps.db, progressIds);
  const questIds = [...new Set(rows.map((row) => row.questId))];
  const [questRows, people, taskCounts, proofs] = await Promise.all([
    findQuestsWithCreator(deps.db, questIds),
    repo.userSummaries(
      deps.db,
      rows.map((row) => row.userId),
    ),
    repo.taskCountsFor(deps.db, questIds),
    repo.proofsFor(deps.db, progressIds, waitingOnly ? 'submitted' : undefined),
  ]);
  const questsById = new Map(questRows.map(({ quest }) => [quest.id, quest]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return progressIds.flatMap((id) => {
    const row = byId.get(id);
    const quest = row && questsById.get(row.questId);
    const person = row && people.get(row.userId);
    if (!row || !quest || !person) return [];
    return [
      {
        _id: row.id,
        quest_id: { _id: quest.id, title: quest.title, category: quest.category, city: quest.city },
        user_id: toUserSummary(person, deps.files),
        total_tasks: Math.max(1, taskCounts.get(quest.id) ?? 0),
        taskProofs: toProofMap(proofs.get(row.id) ?? [], (proof) =>
          toModeratorTaskProof(proof, quest.waypoints, deps.files),
        ),
      },
    ];
  });
}

/** GET /admin/proofs/pending: one entry per progress record with a proof waiting, longest-waiting first. */
export async function listPendingProofs(deps: ProgressDeps, query: PageQuery) {
  const page = toPage(query, 10);
  const { progressIds, total } = await repo.pendingProofPage(deps.db, page);
  return {
    proofs: await loadPendingProofs(deps, progressIds, true),
    pagination: cappedPaginationOf('totalProofs', total, page),
  };
}

type Outcome =
  | { kind: 'done'; questId: string; completion: Completion | null }
  | { kind: 'refused'; error: HttpError; log: { questTitle: string; proofId: string } };

/**
 * Approves or rejects one task proof (both verify calls). Runs under the explorer's lock, like their starts
 * and completions; the last approval completes the quest in the same transaction. Refusals of a real proof
 * (already reviewed, one's own) are logged as failures.
 */
export async function verifyProof(
  deps: ProgressDeps,
  admin: Admin,
  progressId: string,
  taskOrder: number,
  decision: Decision,
  at = new Date(),
): Promise<Verification> {
  const feedback = decision.feedback?.trim() ?? '';
  if (!decision.approved && !feedback) throw fieldError('feedback', FEEDBACK_REQUIRED);
  const actionType: ActionType = decision.approved ? 'task_proof_approval' : 'task_proof_rejection';
  const status: ProofStatus = decision.approved ? 'approved' : 'rejected';

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const found = await repo.findProgressById(tx, progressId);
    if (!found) throw notFound(PROGRESS_RECORD_NOT_FOUND);
    await repo.lockUser(tx, found.userId);
    const progress = await repo.lockProgress(tx, progressId);
    const quest = await findQuest(tx, found.questId);
    const proof = await repo.findProof(tx, progressId, taskOrder);
    if (!progress || !quest || !proof) throw notFound(PROOF_NOT_FOUND);
    const log = { questTitle: quest.title, proofId: proof.id };
    if (progress.userId === admin.id) return { kind: 'refused', error: forbidden(OWN_PROOF), log };
    if (proof.status !== 'submitted') return { kind: 'refused', error: conflict(ALREADY_REVIEWED), log };

    await repo.reviewProof(tx, proof.id, { status, feedback: feedback || null, reviewedBy: admin.id, at });
    const said = feedback ? ` Feedback: ${feedback}` : '';
    await notify(tx, progress.userId, {
      type: decision.approved ? 'proof_approved' : 'proof_rejected',
      title: decision.approved ? 'Task proof approved' : 'Task proof rejected',
      message: decision.approved
        ? `Your proof for task ${taskOrder} of "${quest.title}" was approved.${said}`
        : `Your proof for task ${taskOrder} of "${quest.title}" was rejected. Please submit it again.${said}`,
      link: `/quest-in-progress/${quest.id}`,
    });
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType,
      targetType: 'task_proof',
      targetId: proof.id,
      details: { questTitle: quest.title, taskOrder },
      reason: feedback || null,
    });
    if (!decision.approved) return { kind: 'done', questId: quest.id, completion: null };
    const proofs = (await repo.proofsFor(tx, [progress.id])).get(progress.id) ?? [];
    const taskCount = (await repo.taskCountsFor(tx, [quest.id])).get(quest.id) ?? 0;
    const complete = progress.status === 'ongoing' && allTasksApproved(proofs, taskCount);
    return {
      kind: 'done',
      questId: quest.id,
      completion: complete ? await completeQuest(tx, progress, quest, at) : null,
    };
  });

  if (outcome.kind === 'refused') {
    await logAdminAction(deps.db, {
      adminId: admin.id,
      actionType,
      targetType: 'task_proof',
      targetId: outcome.log.proofId,
      details: { questTitle: outcome.log.questTitle, taskOrder },
      reason: outcome.error.message,
      result: 'failure',
    });
    throw outcome.error;
  }
  // A completion counts on the quest's page (completions).
  if (outcome.completion) deps.catalogue.forgetQuest(outcome.questId);
  const [record] = await loadPendingProofs(deps, [progressId], false);
  if (!record) throw notFound(PROGRESS_RECORD_NOT_FOUND);
  return { record, completion: outcome.completion };
}

/** POST /admin/verify-task/{questId}/{taskOrder}: the same decision addressed by quest and explorer. */
export async function verifyProofOf(
  deps: ProgressDeps,
  admin: Admin,
  questId: string,
  userId: string,
  taskOrder: number,
  decision: Decision,
  at = new Date(),
): Promise<Verification> {
  const progress = await repo.findProgress(deps.db, userId, questId);
  if (!progress) throw notFound(PROGRESS_RECORD_NOT_FOUND);
  return verifyProof(deps, admin, progress.id, taskOrder, decision, at);
}
