import { aQuest, aQuestSummary, taskIdOf } from '../../test-support/quest-fixtures.ts';
import type { ProgressRecord, TaskProof } from './quest-play-api.ts';

/** Test answers of the quest play screens, shaped as the API sends them. */
export const playQuest = aQuest();

export function aTaskProof(taskOrder: number, overrides: Partial<TaskProof> = {}): TaskProof {
  return {
    taskOrder,
    status: 'submitted',
    notes: `Proof of task ${taskOrder}`,
    proofImages: [
      `https://api.cityquest.app/uploads/proofs/${taskOrder}.webp?expires=1794312000&signature=sig`,
    ],
    proofFiles: [
      {
        name: `task-${taskOrder}.jpg`,
        size: 1000,
        url: `https://api.cityquest.app/uploads/proofs/${taskOrder}.webp?expires=1794312000&signature=sig`,
      },
    ],
    feedback: null,
    submittedAt: '2026-11-10T08:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  };
}

/** Task 1 approved, task 2 rejected with feedback, task 3 without proof: one of three counts, 33%. */
export function aProgressRecord(overrides: Partial<ProgressRecord> = {}): ProgressRecord {
  return {
    _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c51',
    quest_id: aQuestSummary(),
    user_id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82',
    status: 'ongoing',
    completed_tasks: [taskIdOf(1)],
    total_tasks: 3,
    progress: 33,
    xpEarned: 0,
    notes: '',
    taskProofs: {
      '1': aTaskProof(1, { status: 'approved', reviewedAt: '2026-11-10T09:00:00.000Z' }),
      '2': aTaskProof(2, {
        status: 'rejected',
        feedback: 'The mural is not visible in the photo, please try again.',
        reviewedAt: '2026-11-10T09:12:00.000Z',
      }),
    },
    startedAt: '2026-11-09T17:00:00.000Z',
    completedAt: null,
    updatedAt: '2026-11-10T09:12:00.000Z',
    ...overrides,
  };
}
