import type { Schema } from '@cityquest/contract';
import type { FakeApi } from '@cityquest/web-client/testing/fake-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach } from 'vitest';
import { fail, ok, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Quest = Schema<'Quest'>;

export const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';

/** A pending quest as GET /admin/quests lists it (test data). */
export function aQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    _id: QUEST_ID,
    title: 'Murals of Lodhi Colony',
    subtitle: "India's first open-air art district",
    description: 'Walk the lanes of Lodhi Colony and find five of its most famous murals.',
    category: 'Art',
    difficulty: 'Easy',
    status: 'pending',
    rejectionReason: null,
    xp: 60,
    baseXp: 60,
    estimatedTime: '30-45 mins',
    tags: ['street art', 'walking'],
    address: 'Lodhi Colony Market',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110003',
    type: 'Solo Adventure',
    proofInstructions: 'Take a photo of each mural with its signature visible.',
    accessibilityNotes: 'Flat lanes with step-free kerbs; benches in the shade at the market.',
    files: [
      { file_url: 'https://files.cityquest.app/quests/4d1a.webp' },
      { file_url: 'https://files.cityquest.app/quests/8e2b.webp' },
    ],
    location: { lat: 28.5882, lng: 77.2212 },
    featured: false,
    views: 412,
    completions: 37,
    averageRating: 4.6,
    totalReviews: 12,
    ratingBreakdown: { '1': 0, '2': 0, '3': 1, '4': 3, '5': 8 },
    submittedBy: {
      _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99',
      username: 'asha',
      fullName: 'Asha Verma',
      avatar: null,
    },
    tasks: [
      {
        _id: '5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c02',
        order: 2,
        description: 'Photograph the mural with the giant hands.',
        hint: null,
      },
      {
        _id: '5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c01',
        order: 1,
        description: 'Find the mural of the blue elephant.',
        hint: 'It is on the back wall of the old post office.',
      },
    ],
    tips: [{ _id: '6c7d8e9f-2031-4b4c-9d5e-6f7a8b9c0d11', tip_text: 'Go early in the morning.' }],
    routes: [
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: { lat: 28.5879, lng: 77.2205 },
        end_location: 'Meherchand Market',
        end_coordinates: { lat: 28.5861, lng: 77.2247 },
        waypoints: [{ lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11' }],
      },
    ],
    recentReviews: [],
    progress: null,
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-04T12:30:00.000Z',
    ...overrides,
  };
}

const stats = { total: 64, pending: 3, approved: 58, rejected: 3 };

/** One page of GET /admin/quests (50 a page) with the counts by status. */
export const pageOf = (quests: Quest[], totalQuests = quests.length, currentPage = 1) => ({
  quests,
  pagination: {
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalQuests / 50)),
    totalQuests,
    totalCapped: false,
    hasNextPage: currentPage * 50 < totalQuests,
    hasPreviousPage: currentPage > 1,
  },
  statusStats: stats,
});

type ListAnswer = (query: URLSearchParams) => ReturnType<typeof pageOf>;

/**
 * The quest moderation tests' setup for one test file: before each test a fresh fake API with an admin signed in.
 * `api` reaches the running test's fake API; `serve(answer)` answers GET /admin/quests with `answer` from then on
 * and starts `queries` afresh, which then lists the query of every list request.
 */
export function setUpModerationApi() {
  let current: ReturnType<typeof setupApi>;
  const queries: Record<string, string>[] = [];
  beforeEach(() => {
    current = setupApi();
    signInAs('admin');
  });

  const api: Pick<FakeApi, 'on' | 'calls'> = {
    on: (method, path, handler) => current.on(method, path, handler),
    get calls() {
      return current.calls;
    },
  };

  function serve(answer: ListAnswer) {
    queries.length = 0;
    current.on('GET', '/admin/quests', (request) => {
      const query = new URL(request.url).searchParams;
      queries.push(Object.fromEntries(query));
      return ok(answer(query));
    });
  }

  return { api, queries, serve };
}

export const card = (title: string) => screen.findByRole('article', { name: title });

export async function openDetails(title = 'Murals of Lodhi Colony') {
  await userEvent.click(await screen.findByRole('button', { name: `View details of ${title}` }));
  return screen.findByRole('dialog', { name: 'Quest Details' });
}

/**
 * The approval as the server answers it: 409 unless the version sent is the quest's current one (test data).
 * Answers the versions approvals were sent with, in order.
 */
export function approveCurrentVersionOnly(
  api: Pick<FakeApi, 'on'>,
  current: () => Quest,
  approved: (quest: Quest) => void,
) {
  const seen: string[] = [];
  api.on('PATCH', `/admin/quests/${QUEST_ID}/approve`, (_request, body) => {
    const version = (body as { seenUpdatedAt: string }).seenUpdatedAt;
    seen.push(version);
    if (version !== current().updatedAt)
      return fail(
        409,
        'This quest changed since you opened it. Reload it, read the changes, then decide again.',
      );
    const quest = aQuest({ ...current(), status: 'approved' });
    approved(quest);
    return ok(quest);
  });
  return seen;
}
