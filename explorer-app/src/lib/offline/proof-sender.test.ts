import 'fake-indexeddb/auto';
import type { User } from '@cityquest/contract';
import { aUser } from '@cityquest/contract/testing/users';
import { ApiError, createAppQueryClient, meKey } from '@cityquest/web-client';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../api.ts';
import { auth } from '../auth-api.ts';
import {
  deleteQueuedProof,
  listQueuedProofs,
  type ProgressRecord,
  putQueuedProof,
  type QueuedProof,
} from './offline-db.ts';
import { retryDelay, sendQueuedProofs } from './proof-sender.ts';

// The sender sends the signed-in explorer's proofs only: the user is the app's current-user query.
const queryClient = createAppQueryClient();
auth.attach(queryClient, {} as AnyRouter);
function signInAs(user: User) {
  tokenStore.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  queryClient.setQueryData(meKey, user);
}
function signOut() {
  tokenStore.clear();
  queryClient.clear();
}

const progress = { _id: 'progress' } as ProgressRecord;

function aQueuedProof(overrides: Partial<QueuedProof> = {}): QueuedProof {
  return {
    key: '5d2c9f3a-1b4e-4c6d-8e7f-9a0b1c2d3e4f',
    userId: aUser()._id,
    questId: '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51',
    taskOrder: 2,
    notes: 'The blue elephant.',
    photos: [],
    queuedAt: Date.now() - 1_000,
    attempts: 0,
    nextAttemptAt: Date.now() - 1,
    state: 'waiting',
    ...overrides,
  };
}

beforeEach(async () => {
  for (const proof of await listQueuedProofs()) await deleteQueuedProof(proof.key);
  signInAs(aUser());
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  signOut();
});

describe('the proof sender', () => {
  it('waits 5 s, 15 s, 45 s ... at most 10 minutes between tries, plus up to a tenth', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelay(attempts, none))).toEqual([
      5_000, 15_000, 45_000, 135_000, 405_000, 600_000, 600_000, 600_000,
    ]);
    expect(retryDelay(1, () => 0.999)).toBe(5_500);
    expect(retryDelay(9, () => 0.999)).toBe(659_940);
  });

  it('sends a proof once when two runs start together, and removes it once the server has it', async () => {
    await putQueuedProof(aQueuedProof());
    let answer: (value: ProgressRecord) => void = () => undefined;
    const post = vi.fn(() => new Promise<ProgressRecord>((resolve) => (answer = resolve)));
    const first = sendQueuedProofs(post, { force: true });
    const second = sendQueuedProofs(post, { force: true });
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    answer(progress);
    expect((await first).map((outcome) => outcome.status)).toEqual(['sent']);
    expect(await second).toEqual([]);
    expect(post).toHaveBeenCalledTimes(1);
    expect(await listQueuedProofs()).toEqual([]);
  });

  it('holds the Web Lock shared by every tab while it sends', async () => {
    const held: string[] = [];
    const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
      held.push(name);
      try {
        return await task();
      } finally {
        held.pop();
      }
    });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    await putQueuedProof(aQueuedProof());
    const post = vi.fn(async () => {
      expect(held).toEqual(['cityquest-proof-queue']);
      return progress;
    });
    await sendQueuedProofs(post);
    expect(request).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('keeps a proof for later when the server is not reached or is failing, and keeps a refusal', async () => {
    await putQueuedProof(aQueuedProof({ key: 'a-network', queuedAt: 1 }));
    await putQueuedProof(aQueuedProof({ key: 'b-busy', queuedAt: 2, attempts: 2 }));
    await putQueuedProof(aQueuedProof({ key: 'c-refused', queuedAt: 3 }));
    // Not due yet, another explorer's, or already refused: left alone.
    await putQueuedProof(aQueuedProof({ key: 'd-later', queuedAt: 4, nextAttemptAt: Date.now() + 60_000 }));
    await putQueuedProof(aQueuedProof({ key: 'e-other', queuedAt: 5, userId: 'someone-else' }));
    await putQueuedProof(aQueuedProof({ key: 'f-old', queuedAt: 6, state: 'refused', refusal: 'No' }));
    const answers: Record<string, ApiError> = {
      'a-network': new ApiError('', 0),
      'b-busy': new ApiError('Too many proofs, try again later', 429),
      'c-refused': new ApiError('This task already has a proof waiting for review', 409),
    };
    const post = vi.fn(async (proof: QueuedProof): Promise<ProgressRecord> => {
      throw answers[proof.key];
    });
    const before = Date.now();
    await sendQueuedProofs(post);
    expect(post.mock.calls.map(([proof]) => proof.key)).toEqual(['a-network', 'b-busy', 'c-refused']);
    const kept = Object.fromEntries((await listQueuedProofs()).map((proof) => [proof.key, proof]));
    expect(kept['a-network']).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(kept['a-network']?.nextAttemptAt).toBeGreaterThanOrEqual(before + 5_000);
    expect(kept['b-busy']).toMatchObject({ state: 'waiting', attempts: 3 });
    expect(kept['b-busy']?.nextAttemptAt).toBeGreaterThanOrEqual(before + 45_000);
    expect(kept['c-refused']).toMatchObject({
      state: 'refused',
      refusal: 'This task already has a proof waiting for review',
    });
    expect(Object.keys(kept)).toHaveLength(6);
  });

  it('sends nothing while signed out or offline', async () => {
    await putQueuedProof(aQueuedProof());
    const post = vi.fn(async () => progress);
    signOut();
    expect(await sendQueuedProofs(post, { force: true })).toEqual([]);
    signInAs(aUser());
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      expect(await sendQueuedProofs(post, { force: true })).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
    expect(post).not.toHaveBeenCalled();
  });
});
