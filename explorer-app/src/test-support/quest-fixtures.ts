import type { Quest, QuestSummary } from '../lib/quests/quest-api.ts';

/** Quest answers as the API sends them, for the tests of the quest screens. */
export function aQuestSummary(overrides: Partial<QuestSummary> = {}): QuestSummary {
  return {
    _id: '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51',
    title: 'Murals of Lodhi Colony',
    subtitle: "India's first open-air art district",
    description: 'Walk the lanes of Lodhi Colony and find five of its most famous murals.',
    category: 'Art',
    difficulty: 'Easy',
    status: 'approved',
    rejectionReason: null,
    xp: 60,
    estimatedTime: '30-45 mins',
    tags: ['street art', 'walking'],
    address: 'Lodhi Colony Market',
    city: 'New Delhi',
    state: 'Delhi',
    files: [{ file_url: 'https://files.cityquest.app/quests/4d1a.webp' }],
    location: { lat: 28.5882, lng: 77.2212 },
    featured: true,
    views: 412,
    completions: 37,
    averageRating: 4.6,
    totalReviews: 12,
    submittedBy: {
      _id: '9a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99',
      username: 'cityguide',
      fullName: 'City Guide',
      avatar: null,
    },
    createdAt: '2026-10-03T09:00:00.000Z',
    updatedAt: '2026-10-04T12:30:00.000Z',
    ...overrides,
  };
}

let sequence = 0;
/** A summary with a fresh id and the given title. */
export function aQuestNamed(title: string, overrides: Partial<QuestSummary> = {}): QuestSummary {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return aQuestSummary({ _id: id, title, ...overrides });
}

/** The id of task `order` of aQuest(): progress lists completed tasks by id. */
export const taskIdOf = (order: number) => `5b6c7d8e-1f20-4a3b-8c4d-5e6f7a8b9c0${order}`;

export function aQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    ...aQuestSummary(),
    pincode: '110003',
    type: 'Solo Adventure',
    proofInstructions: 'Take a photo of each mural with its signature visible.',
    accessibilityNotes: 'Flat lanes with step-free kerbs; benches in the shade at the market.',
    tasks: [1, 2, 3].map((order) => ({
      _id: taskIdOf(order),
      order,
      description: `Task number ${order}`,
      hint: order === 1 ? 'Look behind the post office.' : null,
    })),
    tips: [1, 2, 3, 4].map((index) => ({
      _id: `6c7d8e9f-2031-4b4c-9d5e-6f7a8b9c0d1${index}`,
      tip_text: `Tip number ${index}`,
    })),
    routes: [
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: { lat: 28.5879, lng: 77.2205 },
        end_location: 'Meherchand Market',
        end_coordinates: { lat: 28.5861, lng: 77.2247 },
        waypoints: [{ lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11' }],
      },
    ],
    ratingBreakdown: { '1': 0, '2': 0, '3': 1, '4': 3, '5': 8 },
    recentReviews: [],
    progress: null,
    ...overrides,
  };
}

/** A person as the API shows them to visitors (docs/product-rules/quests.md#visitors): no name, no avatar. */
export function seenByVisitor<P extends { fullName: string | null; avatar: string | null }>(person: P) {
  return { ...person, fullName: null, avatar: null };
}

/** The quest answer a visitor gets: no progress, and its people without names or avatars. */
export function aVisitorQuest(overrides: Partial<Quest> = {}): Quest {
  const quest = aQuest(overrides);
  return {
    ...quest,
    progress: null,
    submittedBy: quest.submittedBy && seenByVisitor(quest.submittedBy),
    recentReviews: quest.recentReviews.map((review) => ({
      ...review,
      user: review.user && seenByVisitor(review.user),
    })),
  };
}

/** A catalogue summary as visitors get it. */
export function aVisitorSummary(title: string): QuestSummary {
  const quest = aQuestNamed(title);
  return { ...quest, submittedBy: quest.submittedBy && seenByVisitor(quest.submittedBy) };
}
