import { ApiError } from '@cityquest/web-client';
import { auth } from '../auth-api.ts';
import {
  deleteQueuedProof,
  listQueuedProofs,
  type ProgressRecord,
  putQueuedProof,
  type QueuedProof,
} from './offline-db.ts';

/**
 * The proof queue (docs/product-rules/offline-play.md#sending-a-proof-exactly-once): every proof is kept on the
 * device under its idempotency key before it is sent, sent with that key on every try, and removed once the
 * server has it. Tries never overlap: one lock across tabs (Web Locks) or, without it, one chain in this tab;
 * and where two tries could still meet (no Web Locks, two tabs), the key makes the server store the proof once.
 */

/** Sends one queued proof with its key; throws an ApiError (status 0 when the server was not reached). */
export type PostProof = (proof: QueuedProof) => Promise<ProgressRecord>;

export type SendOutcome =
  | { status: 'sent'; proof: QueuedProof; progress: ProgressRecord }
  | { status: 'waiting'; proof: QueuedProof }
  | { status: 'refused'; proof: QueuedProof; error: ApiError };

const LOCK_NAME = 'cityquest-proof-queue';
/** The Background Sync tag public/sw-proof-sync.js answers. */
const SYNC_TAG = 'cityquest-proofs';
/** What the service worker posts when the browser wakes it for the tag. */
export const SEND_QUEUED_PROOFS_MESSAGE = 'cityquest:send-queued-proofs';

const FIRST_RETRY_MS = 5_000;
/** A try still unanswered after this counts as not reached, so that one stalled upload cannot hold the queue. */
const TRY_TIMEOUT_MS = 2 * 60_000;
const MAX_RETRY_MS = 10 * 60_000;

/**
 * Waiting longer each time (docs/product-rules/offline-play.md#sending-a-proof-exactly-once): 5 s, 15 s, 45 s
 * ... at most 10 min, plus up to a tenth more so that many devices coming back at once do not retry together.
 */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const delay = Math.min(FIRST_RETRY_MS * 3 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
  return delay + Math.round(random() * delay * 0.1);
}

/**
 * Worth another try: the server was not reached (0), the session is being renewed (401), or the server or a
 * proxy is overloaded or failing (408, 429, 5xx). Any other answer is the server's refusal, kept and shown.
 */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return [0, 401, 408, 429].includes(error.status) || error.status >= 500;
}

let tail: Promise<unknown> = Promise.resolve();

/** Runs `task` while no other try of the queue runs, in this tab or (with Web Locks) any other. */
export function withProofQueueLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until the task's promise settles; the request resolves to that promise's result.
  if (locks?.request) return locks.request(LOCK_NAME, task).then((result) => result);
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
}

/** One try of a proof already kept in the queue; call it holding the lock. */
async function attempt(proof: QueuedProof, post: PostProof): Promise<SendOutcome> {
  let progress: ProgressRecord;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  try {
    progress = await Promise.race([
      post(proof),
      new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new ApiError('', 0)), TRY_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (isRetryable(error)) {
      const attempts = proof.attempts + 1;
      const waiting = { ...proof, attempts, nextAttemptAt: Date.now() + retryDelay(attempts) };
      await putQueuedProof(waiting);
      return { status: 'waiting', proof: waiting };
    }
    const refusal = error instanceof ApiError ? error : new ApiError('', 400);
    const refused = { ...proof, state: 'refused' as const, refusal: refusal.message };
    await putQueuedProof(refused);
    return { status: 'refused', proof: refused, error: refusal };
  } finally {
    clearTimeout(timeout);
  }
  // Were this removal lost, the next try would send the same key: the server answers it and stores nothing.
  await deleteQueuedProof(proof.key).catch(() => undefined);
  return { status: 'sent', proof, progress };
}

const currentUserId = () => auth.currentUser()?._id ?? null;

/** The caller's waiting proofs that are due now (all of them when `force`), oldest first. */
async function dueProofs(userId: string, force: boolean): Promise<QueuedProof[]> {
  const now = Date.now();
  return (await listQueuedProofs()).filter(
    (proof) => proof.userId === userId && proof.state === 'waiting' && (force || proof.nextAttemptAt <= now),
  );
}

/**
 * Tries the signed-in explorer's due proofs once each. The queue is read inside the lock, so a proof another
 * tab has just sent (and removed) is not sent again.
 */
export async function sendQueuedProofs(post: PostProof, { force = false } = {}): Promise<SendOutcome[]> {
  const userId = currentUserId();
  if (!userId || !navigator.onLine) return [];
  return withProofQueueLock(async () => {
    const outcomes: SendOutcome[] = [];
    for (const proof of await dueProofs(userId, force)) outcomes.push(await attempt(proof, post));
    return outcomes;
  });
}

export type ProofToSend = { questId: string; taskOrder: number; notes: string; photos: File[] };
export type SubmitOutcome = { status: 'sent'; progress: ProgressRecord } | { status: 'queued' };

/** An idempotency key: a UUID, made where randomUUID is missing (pages not served over https). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The explorer sends a proof: it is kept in the queue first, then tried at once. Sent: the server's progress.
 * Not reached (or the server is failing): it stays queued and the sender retries it. Refused on this first
 * try: it leaves the queue and the error goes back to the form, where the explorer can correct it. Where the
 * device keeps nothing (no IndexedDB), it is sent directly, as before the queue.
 */
export async function submitProof(input: ProofToSend, post: PostProof): Promise<SubmitOutcome> {
  const userId = currentUserId();
  if (!userId) throw new ApiError('', 401);
  const now = Date.now();
  const proof: QueuedProof = {
    key: newKey(),
    userId,
    questId: input.questId,
    taskOrder: input.taskOrder,
    notes: input.notes,
    photos: await Promise.all(
      input.photos.map(async (photo) => ({
        name: photo.name,
        type: photo.type,
        bytes: await photo.arrayBuffer(),
      })),
    ),
    queuedAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'waiting',
  };
  const outcome = await withProofQueueLock(async () => {
    const kept = await putQueuedProof(proof).then(
      () => true,
      () => false,
    );
    if (!kept) return { status: 'sent' as const, proof, progress: await post(proof) };
    return attempt(proof, post);
  });
  switch (outcome.status) {
    case 'sent':
      return { status: 'sent', progress: outcome.progress };
    case 'refused':
      await deleteQueuedProof(proof.key).catch(() => undefined);
      throw outcome.error;
    case 'waiting':
      registerBackgroundSync();
      void scheduleNextTry();
      return { status: 'queued' };
  }
}

/** Asks the browser to wake the app for the queue when it has a connection again (Background Sync). */
function registerBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  // `ready` never settles without a service worker: nothing waits for it.
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

/** Who hears what the sender did: the screens' caches. */
export type SenderListener = { post: PostProof; onSent(outcomes: SendOutcome[]): void };

const listeners = new Set<SenderListener>();
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again: { force: boolean } | null = null;

const onOnline = () => void sendNow(true);
const onWorkerMessage = (event: MessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === SEND_QUEUED_PROOFS_MESSAGE) void sendNow(true);
};

/**
 * Sends the queue now, when the connection returns, when the service worker asks (Background Sync) and when
 * the next retry is due, for as long as one caller keeps it started. Returns the stop function.
 */
export function startProofSender(listener: SenderListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  }
  void sendNow(true);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    clearTimeout(timer);
  };
}

/** One run at a time in this tab: a request during a run makes one more run after it. */
function sendNow(force: boolean): Promise<void> {
  if (running) {
    again = { force: force || (again?.force ?? false) };
    return running;
  }
  running = (async () => {
    let next: { force: boolean } | null = { force };
    while (next) {
      again = null;
      await runOnce(next.force);
      next = again;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

async function runOnce(force: boolean) {
  const [listener] = listeners;
  if (!listener) return;
  try {
    const outcomes = await sendQueuedProofs(listener.post, { force });
    if (outcomes.length > 0) for (const each of listeners) each.onSent(outcomes);
  } catch (error) {
    console.warn('Sending the queued proofs failed:', error);
  }
  await scheduleNextTry();
}

/** A timer for the earliest due retry; none while offline, where the `online` event starts the next run. */
async function scheduleNextTry() {
  clearTimeout(timer);
  const userId = currentUserId();
  if (listeners.size === 0 || !userId || !navigator.onLine) return;
  const waiting = (await listQueuedProofs()).filter(
    (proof) => proof.userId === userId && proof.state === 'waiting',
  );
  if (waiting.length === 0 || listeners.size === 0) return;
  const due = Math.min(...waiting.map((proof) => proof.nextAttemptAt));
  clearTimeout(timer);
  timer = setTimeout(() => void sendNow(false), Math.max(due - Date.now(), 1_000));
}
