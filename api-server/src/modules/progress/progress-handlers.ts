import { type AppContext, replicaReads } from '../../app-context.ts';
import type { Handlers } from '../../lib/route-types.ts';
import { currentAuth } from '../../plugins/auth.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { recordLivePosition } from './live-positions.ts';
import * as progress from './progress-service.ts';
import * as proofs from './proof-service.ts';
import * as verification from './verification-service.ts';

function single(files: UploadedFile[] | undefined): UploadedFile {
  const [file] = files ?? [];
  if (!file) throw new Error('multipart rule let a required file through');
  return file;
}

export function progressHandlers(ctx: AppContext) {
  // The proof queue may be a moment old (a replica's); claims and decisions read and write the primary.
  const queue = replicaReads(ctx);
  return {
    async startQuest(request) {
      const data = await progress.startQuest(ctx, currentAuth(request).user, request.body.questId);
      return { statusCode: 201, message: 'Quest started', data };
    },
    async listOngoingQuests(request) {
      return {
        message: 'Ongoing quests fetched',
        data: await progress.ongoingQuests(ctx, currentAuth(request).user),
      };
    },
    async getQuestProgress(request) {
      const data = await progress.getProgress(ctx, currentAuth(request).user, request.params.questId);
      return { message: 'Quest progress fetched', data };
    },
    async updateQuestProgress(request) {
      const { user } = currentAuth(request);
      const data = await progress.saveNotes(ctx, user, request.params.questId, request.body.notes);
      return { message: 'Quest progress updated', data };
    },
    async recordLivePosition(request) {
      const id = await recordLivePosition(
        ctx,
        currentAuth(request).user,
        request.params.questId,
        request.body,
      );
      return { message: 'Live position kept', data: { _id: id } };
    },
    async abandonQuest(request) {
      const id = await progress.abandonQuest(ctx, currentAuth(request).user, request.params.questId);
      return { message: 'Quest abandoned', data: { _id: id } };
    },
    async listCompletedQuests(request) {
      const data = await progress.completedQuests(ctx, currentAuth(request).user, request.query);
      return { message: 'Completed quests fetched', data };
    },
    async submitTaskProof(request) {
      const { questId, taskOrder } = request.params;
      proofs.checkQuestIdField(request.body.questId, questId);
      const upload = proofs.taskProofUpload(request.body, request.uploads);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const data = await proofs.submitTaskProof(ctx, currentAuth(request).user, questId, taskOrder, {
        ...upload,
        idempotencyKey,
      });
      return { message: 'Task proof submitted for review', data };
    },
    async submitQuestProof(request) {
      proofs.checkQuestIdField(request.body.questId, request.params.questId);
      const data = await proofs.submitQuestProof(ctx, currentAuth(request).user, request.params.questId, {
        file: single(request.uploads.file),
        description: request.body.description,
      });
      return { message: 'Quest proof submitted successfully!', data };
    },
    async getTaskProof(request) {
      const { questId, taskOrder } = request.params;
      const data = await proofs.getTaskProof(ctx, currentAuth(request).user, questId, taskOrder);
      return { message: 'Task proof fetched', data };
    },
    async listPendingProofs(request) {
      return {
        message: 'Pending proofs fetched',
        data: await verification.listPendingProofs(queue, request.query),
      };
    },
    async verifyProgressTask(request) {
      const { progressId, order } = request.params;
      const { status, feedback } = request.body;
      const { record } = await verification.verifyProof(ctx, currentAuth(request).user, progressId, order, {
        approved: status === 'approved',
        feedback,
      });
      return { message: status === 'approved' ? 'Task proof approved' : 'Task proof rejected', data: record };
    },
    async claimTaskProof(request) {
      const { progressId, order } = request.params;
      const data = await verification.claimProof(ctx, currentAuth(request).user, progressId, order);
      return { message: 'Task proof claimed', data };
    },
    async releaseTaskProof(request) {
      const { progressId, order } = request.params;
      await verification.releaseProof(ctx, currentAuth(request).user, progressId, order);
      return { message: 'Task proof released', data: { _id: progressId } };
    },
    async bulkApproveProofs(request) {
      const data = await verification.approveUnflagged(ctx, currentAuth(request).user, request.body.proofs);
      return { message: `${data.approved} of ${data.results.length} task proofs approved`, data };
    },
    async verifyTask(request) {
      const { questId, taskOrder } = request.params;
      const { userId, approved, feedback } = request.body;
      const admin = currentAuth(request).user;
      const { record } = await verification.verifyProofOf(ctx, admin, questId, userId, taskOrder, {
        approved,
        feedback,
      });
      return { message: approved ? 'Task proof approved' : 'Task proof rejected', data: record };
    },
  } satisfies Handlers;
}
