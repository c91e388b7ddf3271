import type { Schema } from '@cityquest/contract';
import type { FakeApi } from '@cityquest/web-client/testing/fake-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach } from 'vitest';
import { ok, setupApi, signInAs } from '../../test-support/render-app.tsx';

type PendingProof = Schema<'PendingProof'>;
type TaskProof = Schema<'ModeratorTaskProof'>;
type Evidence = Schema<'ProofEvidence'>;
type PhotoMatch = Schema<'PhotoMatch'>;

export const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
export const USER_ID = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';
export const PROGRESS_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51';
const CLAIM_PATH = '/admin/quest-progress/{progressId}/task/{order}/claim';
/** Another moderator, who may hold a proof. */
export const ASHA = {
  _id: '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e93',
  username: 'asha',
  fullName: 'Asha Verma',
  avatar: null,
};

const QUEST = { _id: QUEST_ID, title: 'Murals of Lodhi Colony', category: 'Art', city: 'New Delhi' } as const;
export const MATCH_URL =
  'https://api.cityquest.app/uploads/proofs/e5f6.webp?expires=1794312000&signature=sig';

export function aMatch(overrides: Partial<PhotoMatch> = {}): PhotoMatch {
  return {
    kind: 'other_explorer',
    photoIndex: 0,
    distance: 3,
    imageUrl: MATCH_URL,
    quest: QUEST,
    taskOrder: 2,
    user: {
      _id: '4d5e6f70-8192-4a3b-9c4d-5e6f7a8b9c04',
      username: 'meera',
      fullName: 'Meera Nair',
      avatar: null,
    },
    progressId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a05',
    ...overrides,
  };
}

export function anEvidence(overrides: Partial<Evidence> = {}): Evidence {
  return {
    stop: { order: 2, name: 'Giant hands wall' },
    distanceToStopMeters: 12,
    takenAt: '2026-11-10T07:55:00.000Z',
    startedAt: '2026-11-10T07:30:00.000Z',
    submittedAt: '2026-11-10T08:20:00.000Z',
    timing: 'during_quest',
    missing: [],
    matches: [],
    tracking: null,
    ...overrides,
  };
}

export function aTaskProof(overrides: Partial<TaskProof> = {}): TaskProof {
  return {
    taskOrder: 2,
    status: 'submitted',
    notes: 'The giant hands.',
    proofImages: ['https://api.cityquest.app/uploads/proofs/c3d4.webp?expires=1794312000&signature=sig'],
    proofFiles: [
      {
        name: 'hands.jpg',
        size: 512_330,
        url: 'https://api.cityquest.app/uploads/proofs/c3d4.webp?expires=1794312000&signature=sig',
      },
    ],
    feedback: null,
    submittedAt: '2026-11-10T08:20:00.000Z',
    reviewedAt: null,
    photoLocation: { lat: 28.5869, lng: 77.2231 },
    photoTakenAt: '2026-11-10T07:55:00.000Z',
    photoDistanceMeters: 12,
    evidence: anEvidence(),
    flags: [],
    claim: null,
    ...overrides,
  };
}

export function aPendingProof(overrides: Partial<PendingProof> = {}): PendingProof {
  return {
    _id: PROGRESS_ID,
    quest_id: QUEST,
    user_id: { _id: USER_ID, username: 'ravi', fullName: 'Ravi Kumar', avatar: null },
    total_tasks: 3,
    taskProofs: { '2': aTaskProof(), '1': aTaskProof({ taskOrder: 1, notes: '' }) },
    ...overrides,
  };
}

export const pageOf = (proofs: PendingProof[], totalProofs = proofs.length, currentPage = 1) => ({
  proofs,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalProofs / 10)),
    totalProofs,
    totalCapped: false,
    hasNextPage: currentPage * 10 < totalProofs,
    hasPreviousPage: currentPage > 1,
  },
});

/**
 * The proof queue tests' setup for one test file: before each test a fresh fake API with an admin signed in, who
 * claims and releases proofs freely. `api` reaches the running test's fake API; `servePending(answer)` answers
 * GET /admin/proofs/pending with `answer(page)` from then on and starts `queries` afresh, which then lists the
 * query of every list request; `claimCalls()` lists the claim and release calls made so far, as "POST 2" (method
 * and task order).
 */
export function setUpProofQueue() {
  let current: ReturnType<typeof setupApi>;
  const queries: URLSearchParams[] = [];
  beforeEach(() => {
    current = setupApi();
    const admin = signInAs('admin');
    current.on('POST', CLAIM_PATH, () =>
      ok({
        moderator: { _id: admin._id, username: admin.username, fullName: admin.fullName, avatar: null },
        expiresAt: '2026-11-10T08:35:00.000Z',
      }),
    );
    current.on('DELETE', CLAIM_PATH, () => ok({ _id: PROGRESS_ID }));
  });

  const api: Pick<FakeApi, 'on' | 'calls'> = {
    on: (method, path, handler) => current.on(method, path, handler),
    get calls() {
      return current.calls;
    },
  };

  function servePending(answer: (page: number) => ReturnType<typeof pageOf>) {
    queries.length = 0;
    current.on('GET', '/admin/proofs/pending', (request) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return ok(answer(Number(query.get('page') ?? 1)));
    });
  }

  const claimCalls = () =>
    current.calls
      .filter((call) => call.path.endsWith('/claim'))
      .map((call) => `${call.method} ${call.path.split('/').at(-2)}`);

  return { api, queries, servePending, claimCalls };
}

/** Picks an option of one of the queue's selects, as a moderator does. */
export async function choose(label: string, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

/** Opens the review of a task of Ravi's proof on Murals of Lodhi Colony, the proof the tests list first. */
export async function openReview(order: number) {
  await userEvent.click(
    await screen.findByRole('button', {
      name: `Review task ${order} of Murals of Lodhi Colony by Ravi Kumar`,
    }),
  );
  return screen.findByRole('dialog', { name: `Review Task ${order}` });
}
