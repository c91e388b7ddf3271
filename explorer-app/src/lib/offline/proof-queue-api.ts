import { apiKey, toFormData, unwrapEnvelope } from '@cityquest/web-client';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api.ts';
import { auth } from '../auth-api.ts';
import {
  deleteQueuedProof,
  forgetSavedQuestPlay,
  listQueuedProofs,
  type ProgressRecord,
  type QueuedProof,
} from './offline-db.ts';
import {
  type SendOutcome,
  type SubmitOutcome,
  startProofSender,
  submitProof,
  withProofQueueLock,
} from './proof-sender.ts';

/**
 * POST /quest-progress/task-proof/{questId}/{taskOrder} of a queued proof: its photos as `proofImages`, its
 * notes and its quest as `questId`, with the proof's Idempotency-Key, the same on every try
 * (docs/product-rules/offline-play.md#sending-a-proof-exactly-once). Without a message from the server the
 * error's message is empty, for the screen to word in the user's language.
 */
async function postQueuedProof({ key, questId, taskOrder, notes, photos }: QueuedProof) {
  const { data } = await unwrapEnvelope(
    api().POST('/quest-progress/task-proof/{questId}/{taskOrder}', {
      params: { path: { questId, taskOrder }, header: { 'Idempotency-Key': key } },
      body: {
        proofImages: photos.map((photo) => new File([photo.bytes], photo.name, { type: photo.type })),
        notes,
        questId,
      },
      bodySerializer: toFormData,
    }),
    '',
  );
  return data;
}

const progressKey = (questId: string) => apiKey('/quest-progress/{questId}', { path: { questId } });
const QUEUE_KEY = ['offline', 'queued-proofs'] as const;

/**
 * The answer to a proof is the quest's new progress; the dashboard and My Quest show that progress too. Xp
 * comes only with approval, so the header's user stays.
 */
function applySentProgress(queryClient: QueryClient, questId: string, progress: ProgressRecord) {
  queryClient.setQueryData<ProgressRecord>(progressKey(questId), progress);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('/quests/my-dashboard') }),
    queryClient.invalidateQueries({ queryKey: apiKey('/quest-progress/ongoing') }),
  ]);
}

/** A queued proof as the quest's screens show it (without its photos). */
export type QueuedProofView = Pick<QueuedProof, 'key' | 'taskOrder' | 'state' | 'refusal'>;

const viewOf = ({ key, taskOrder, state, refusal }: QueuedProof): QueuedProofView => ({
  key,
  taskOrder,
  state,
  refusal,
});

/**
 * What the sender did in the background reaches the screens: sent proofs' progress, refusals, the queue. The
 * cached queue changes with the progress, so a task never shows its sent proof as still waiting.
 */
function applySendOutcomes(queryClient: QueryClient, outcomes: SendOutcome[]) {
  for (const outcome of outcomes) {
    const { questId, key } = outcome.proof;
    queryClient.setQueryData<QueuedProofView[]>(queuedProofQueries.forQuest(questId).queryKey, (queued) =>
      queued?.flatMap((proof) =>
        proof.key !== key ? [proof] : outcome.status === 'sent' ? [] : [viewOf(outcome.proof)],
      ),
    );
    if (outcome.status === 'sent') void applySentProgress(queryClient, questId, outcome.progress);
    if (outcome.status === 'refused') {
      // 404: the quest is no longer in progress (abandoned or completed), so its kept copy goes too.
      if (outcome.error.status === 404) void forgetSavedQuestPlay(questId);
      void queryClient.invalidateQueries({ queryKey: progressKey(questId) });
    }
  }
  void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
}

export const queuedProofQueries = {
  /** The signed-in explorer's proofs of a quest still on this device: waiting to be sent, or refused. */
  forQuest: (questId: string) =>
    queryOptions({
      queryKey: [...QUEUE_KEY, questId],
      queryFn: async (): Promise<QueuedProofView[]> => {
        const userId = auth.currentUser()?._id;
        return (await listQueuedProofs(questId)).filter((proof) => proof.userId === userId).map(viewOf);
      },
      // The device answers without a connection; the sender and the proof form say when it changes.
      networkMode: 'always',
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export type ProofInput = { taskOrder: number; photo: File; description: string };

/**
 * Sends a proof through the queue (docs/product-rules/offline-play.md#sending-a-proof-exactly-once): `sent`
 * with the quest's new progress, or `queued` when the server could not be reached, to be sent by the proof
 * sender. A refusal (ApiError with its status and field errors) comes back to the form.
 */
export function useSubmitTaskProof(questId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The queue works without a connection, so the mutation must not wait for one.
    networkMode: 'always',
    mutationFn: ({ taskOrder, photo, description }: ProofInput): Promise<SubmitOutcome> =>
      submitProof({ questId, taskOrder, notes: description, photos: [photo] }, postQueuedProof),
    onSuccess: (outcome) =>
      Promise.all([
        outcome.status === 'sent' ? applySentProgress(queryClient, questId, outcome.progress) : null,
        queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
      ]),
  });
}

/** Discards a refused proof (docs/product-rules/offline-play.md#sending-a-proof-exactly-once). */
export function useDiscardQueuedProof() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (key: string) => withProofQueueLock(() => deleteQueuedProof(key)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/**
 * Keeps the proof sender going while the calling component is mounted: queued proofs are sent now, when the
 * connection returns, when Background Sync wakes the app and when a retry is due, with the session of the
 * api client (tokens and their refresh as for every call).
 */
export function useProofSender() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startProofSender({
        post: postQueuedProof,
        onSent: (outcomes) => applySendOutcomes(queryClient, outcomes),
      }),
    [queryClient],
  );
}
