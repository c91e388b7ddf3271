import type { Schema } from '@cityquest/contract';
import { PROOF_REVIEW } from '@cityquest/contract';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { cappedPaginationOf, type PageQuery, toPage } from '../../lib/pagination.ts';
import { allTasksApproved } from '../../lib/progress-math.ts';
import { type ActionType, logAdminAction } from '../audit/index.ts';
import { MODERATION, signalLiveEvents } from '../live-events/index.ts';
import { notify } from '../notifications/index.ts';
import { findQuest, findQuestsWithCreator, taskCountsOf } from '../quests/index.ts';
import type { UserRow } from '../users/index.ts';
import { accountSummariesOf, lockUser, toUserSummary } from '../users/index.ts';
import { type Completion, completeQuest } from './completion.ts';
import type { ProgressDeps } from './progress-batch.ts';
import { namedByProof, toModeratorTaskProof, toProofMap } from './progress-dto.ts';
import * as repo from './progress-repository.ts';
import * as proofRepo from './proof-repository.ts';
import type { ProofStatus } from './tables/progress.tables.ts';

export const PROGRESS_RECORD_NOT_FOUND = 'Quest progress not found';
export const PROOF_NOT_FOUND = 'Task proof not found';
export const ALREADY_REVIEWED = 'This task proof has already been reviewed';
export const OWN_PROOF = 'You cannot review your own proof';
export const FLAGGED = 'This task proof has flags: review it on its own';
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
  now = new Date(),
): Promise<Schema<'PendingProof'>[]> {
  const [rows, proofs] = await Promise.all([
    repo.findProgressByIds(deps.db, progressIds),
    proofRepo.proofsFor(deps.db, progressIds, waitingOnly ? 'submitted' : undefined),
  ]);
  const named = [...proofs.values()].flat().map(namedByProof);
  const questIds = [...new Set([...rows.map((row) => row.questId), ...named.flatMap((ids) => ids.questIds)])];
  const [questRows, people, taskCounts] = await Promise.all([
    findQuestsWithCreator(deps.db, questIds),
    accountSummariesOf(deps.db, [...rows.map((row) => row.userId), ...named.flatMap((ids) => ids.userIds)]),
    taskCountsOf(
      deps.db,
      rows.map((row) => row.questId),
    ),
  ]);
  const questsById = new Map(questRows.map(({ quest }) => [quest.id, quest]));
  const briefs = new Map(
    questRows.map(({ quest }) => [
      quest.id,
      { _id: quest.id, title: quest.title, category: quest.category, city: quest.city },
    ]),
  );
  const summaries = new Map([...people].map(([id, person]) => [id, toUserSummary(person, deps.files)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return progressIds.flatMap((id) => {
    const row = byId.get(id);
    const quest = row && questsById.get(row.questId);
    const brief = row && briefs.get(row.questId);
    const person = row && summaries.get(row.userId);
    if (!row || !quest || !brief || !person) return [];
    const context = {
      waypoints: quest.waypoints,
      startedAt: row.startedAt,
      quests: briefs,
      people: summaries,
      files: deps.files,
      now,
    };
    return [
      {
        _id: row.id,
        quest_id: brief,
        user_id: person,
        total_tasks: Math.max(1, taskCounts.get(quest.id) ?? 0),
        taskProofs: toProofMap(proofs.get(row.id) ?? [], (proof) => toModeratorTaskProof(proof, context)),
      },
    ];
  });
}

/**
 * GET /admin/proofs/pending: one entry per progress record with a proof waiting, longest-waiting or riskiest
 * first, optionally only those with a given flag.
 */
export async function listPendingProofs(deps: ProgressDeps, query: PageQuery & proofRepo.QueueView) {
  const page = toPage(query, 10);
  const { progressIds, total } = await proofRepo.pendingProofPage(deps.db, page, query);
  return {
    proofs: await loadPendingProofs(deps, progressIds, true),
    pagination: cappedPaginationOf('totalProofs', total, page),
  };
}

/** The 409 of a proof already decided: who decided it and how. */
async function alreadyDecided(db: ProgressDeps['db'], proof: repo.ProofRow): Promise<HttpError> {
  const { reviewer } = await proofRepo.proofHolders(db, { reviewedBy: proof.reviewedBy, claimedBy: null });
  if (proof.status === 'submitted' || !reviewer) return conflict(ALREADY_REVIEWED);
  return conflict(`This task proof has already been ${proof.status} by @${reviewer}`);
}

/** The 409 of a proof another moderator holds: who, and for how long. */
async function claimedByOther(db: ProgressDeps['db'], proof: repo.ProofRow, at: Date): Promise<HttpError> {
  const { claimer } = await proofRepo.proofHolders(db, { reviewedBy: null, claimedBy: proof.claimedBy });
  const minutes = Math.max(1, Math.ceil(((proof.claimExpiresAt?.getTime() ?? 0) - at.getTime()) / 60_000));
  return conflict(
    `@${claimer ?? 'another moderator'} is reviewing this task proof (claimed for ${minutes} more minute${minutes === 1 ? '' : 's'})`,
  );
}

const heldByOther = (proof: repo.ProofRow, adminId: string, at: Date) =>
  Boolean(
    proof.claimedBy && proof.claimedBy !== adminId && proof.claimExpiresAt && proof.claimExpiresAt > at,
  );

/**
 * POST .../claim: holds a waiting proof for the caller for PROOF_REVIEW.claimMinutes; claiming again renews
 * it (docs/product-rules/moderation.md#review-claims).
 */
export async function claimProof(
  deps: ProgressDeps,
  admin: Admin,
  progressId: string,
  taskOrder: number,
  at = new Date(),
): Promise<Schema<'ProofClaim'>> {
  const [progress, proof] = await Promise.all([
    repo.findProgressById(deps.db, progressId),
    proofRepo.findProof(deps.db, progressId, taskOrder),
  ]);
  if (!progress || !proof) throw notFound(PROOF_NOT_FOUND);
  if (progress.userId === admin.id) throw forbidden(OWN_PROOF);
  if (proof.status !== 'submitted') throw await alreadyDecided(deps.db, proof);
  const until = new Date(at.getTime() + PROOF_REVIEW.claimMinutes * 60_000);
  if (!(await proofRepo.claimProof(deps.db, proof.id, admin.id, at, until))) {
    const now = await proofRepo.findProof(deps.db, progressId, taskOrder);
    if (!now) throw notFound(PROOF_NOT_FOUND);
    throw now.status === 'submitted'
      ? await claimedByOther(deps.db, now, at)
      : await alreadyDecided(deps.db, now);
  }
  const moderator = (await accountSummariesOf(deps.db, [admin.id])).get(admin.id);
  if (!moderator) throw notFound(PROOF_NOT_FOUND);
  return { moderator: toUserSummary(moderator, deps.files), expiresAt: until.toISOString() };
}

/** DELETE .../claim: ends the caller's own claim, if they hold one. */
export async function releaseProof(
  deps: ProgressDeps,
  admin: Admin,
  progressId: string,
  taskOrder: number,
): Promise<void> {
  const proof = await proofRepo.findProof(deps.db, progressId, taskOrder);
  if (!proof) throw notFound(PROOF_NOT_FOUND);
  await proofRepo.releaseClaim(deps.db, proof.id, admin.id);
}

type Outcome =
  | { kind: 'done'; questId: string; completion: Completion | null }
  | { kind: 'refused'; error: HttpError; log: { questTitle: string; proofId: string } };

/**
 * Approves or rejects one task proof. Runs under the explorer's lock, like their starts and completions; the
 * last approval completes the quest in the same transaction. Refusals of a real proof (already decided,
 * claimed by another moderator, one's own, flagged in a bulk approval) are logged as failures.
 */
async function decideProof(
  deps: ProgressDeps,
  admin: Admin,
  progressId: string,
  taskOrder: number,
  decision: Decision & { unflaggedOnly?: boolean },
  at: Date,
): Promise<Completion | null> {
  const feedback = decision.feedback?.trim() ?? '';
  if (!decision.approved && !feedback) throw fieldError('feedback', FEEDBACK_REQUIRED);
  const actionType: ActionType = decision.approved ? 'task_proof_approval' : 'task_proof_rejection';
  const status: ProofStatus = decision.approved ? 'approved' : 'rejected';

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const found = await repo.findProgressById(tx, progressId);
    if (!found) throw notFound(PROGRESS_RECORD_NOT_FOUND);
    await lockUser(tx, found.userId);
    const progress = await repo.lockProgress(tx, progressId);
    const quest = await findQuest(tx, found.questId);
    const proof = await proofRepo.findProof(tx, progressId, taskOrder);
    if (!progress || !quest || !proof) throw notFound(PROOF_NOT_FOUND);
    const log = { questTitle: quest.title, proofId: proof.id };
    if (progress.userId === admin.id) return { kind: 'refused', error: forbidden(OWN_PROOF), log };
    if (proof.status !== 'submitted') return { kind: 'refused', error: await alreadyDecided(tx, proof), log };
    if (heldByOther(proof, admin.id, at)) {
      return { kind: 'refused', error: await claimedByOther(tx, proof, at), log };
    }
    if (decision.unflaggedOnly && proof.flags.length)
      return { kind: 'refused', error: conflict(FLAGGED), log };

    await proofRepo.reviewProof(tx, proof.id, {
      status,
      feedback: feedback || null,
      reviewedBy: admin.id,
      at,
    });
    const said = feedback ? ` Feedback: ${feedback}` : '';
    await notify(tx, progress.userId, {
      type: decision.approved ? 'proof_approved' : 'proof_rejected',
      title: decision.approved ? 'Task proof approved' : 'Task proof rejected',
      message: decision.approved
        ? `Your proof for task ${taskOrder} of "${quest.title}" was approved.${said}`
        : `Your proof for task ${taskOrder} of "${quest.title}" was rejected. Please submit it again.${said}`,
      link: `/quest-in-progress/${quest.id}`,
    });
    await signalLiveEvents(tx, [
      [{ userId: progress.userId }, { type: 'progress', questId: quest.id, taskOrder, status }],
      MODERATION,
    ]);
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType,
      targetType: 'task_proof',
      targetId: proof.id,
      details: { questTitle: quest.title, taskOrder },
      reason: feedback || null,
    });
    if (!decision.approved) return { kind: 'done', questId: quest.id, completion: null };
    const proofs = (await proofRepo.proofsFor(tx, [progress.id])).get(progress.id) ?? [];
    const taskCount = (await taskCountsOf(tx, [quest.id])).get(quest.id) ?? 0;
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
  return outcome.completion;
}

/** Both verify calls: the decision, answered with every proof of the record. */
export async function verifyProof(
  deps: ProgressDeps,
  admin: Admin,
  progressId: string,
  taskOrder: number,
  decision: Decision,
  at = new Date(),
): Promise<Verification> {
  const completion = await decideProof(deps, admin, progressId, taskOrder, decision, at);
  const [record] = await loadPendingProofs(deps, [progressId], false, at);
  if (!record) throw notFound(PROGRESS_RECORD_NOT_FOUND);
  return { record, completion };
}

/**
 * POST /admin/proofs/approve: each proof approved on its own, as a single approval would be; a proof with a
 * flag is left for a moderator to look at (docs/product-rules/moderation.md#bulk-approval).
 */
export async function approveUnflagged(
  deps: ProgressDeps,
  admin: Admin,
  addresses: readonly { progressId: string; taskOrder: number }[],
  at = new Date(),
): Promise<Schema<'BulkApproveEnvelope'>['data']> {
  const results: Schema<'BulkApproveResult'>[] = [];
  for (const { progressId, taskOrder } of addresses) {
    try {
      const completion = await decideProof(
        deps,
        admin,
        progressId,
        taskOrder,
        { approved: true, unflaggedOnly: true },
        at,
      );
      results.push({
        progressId,
        taskOrder,
        approved: true,
        message: null,
        questCompleted: completion !== null,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ progressId, taskOrder, approved: false, message: error.message, questCompleted: false });
    }
  }
  return { approved: results.filter((result) => result.approved).length, results };
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
