import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { friendRequests, quests, users } from '../db/schema.ts';
import { generatePicture } from '../lib/generated-images.ts';
import { hashPassword } from '../lib/passwords.ts';
import { logAdminAction } from '../modules/audit/index.ts';
import { startQuest, submitTaskProof, verifyProofOf } from '../modules/progress/index.ts';
import { insertQuest, replaceChildren } from '../modules/quests/index.ts';
import { submitReview } from '../modules/reviews/index.ts';
import { findUserByUsername, type UserRow } from '../modules/users/index.ts';
import type { UploadedFile } from '../plugins/multipart.ts';
import type { PrivateFileUrls } from '../plugins/private-files.ts';
import type { Storage } from '../plugins/storage.ts';
import { seedDemoAccounts } from './accounts.ts';
import { CATEGORY_TIPS, DEMO_CITIES, DEMO_QUESTS, type DemoQuest } from './demo-city-data.ts';

type SeedDeps = {
  db: Db;
  storage: Storage;
  privateFiles: PrivateFileUrls;
  log: { info(message: string): void };
};

/** Extra demo explorers (README); one password, hashed once, because argon2 is the slow part of seeding. */
export const DEMO_EXPLORER_PASSWORD = 'Chai-Stepwell-2026';
export const DEMO_EXPLORERS = [
  { username: 'priya', fullName: 'Priya Sharma', bio: 'Mumbai girl chasing murals, monsoons and vada pav.' },
  { username: 'rahul', fullName: 'Rahul Verma', bio: 'Delhi history nerd. Ask me about stepwells.' },
  { username: 'arjun', fullName: 'Arjun Rao', bio: 'Bengaluru weekends: lakes, palaces and benne dosa.' },
  { username: 'kavya', fullName: 'Kavya Iyer', bio: 'Chennai by the sea, temples by the tank.' },
  {
    username: 'cityguide',
    fullName: 'CityQuest Guides',
    bio: 'The CityQuest team: curated walks across India.',
  },
] as const;
const CURATOR = 'cityguide';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PROOF_GAP = 40 * MINUTE;
const REVIEW_DELAY = 10 * MINUTE;

/**
 * When a demo quest `daysAgo` completes: midday UTC of that day, or just now for today. Anchoring to the UTC day
 * (not to now minus a duration) keeps each completion on its own calendar day whatever the hour of seeding, so
 * streaks come out the same at 01:00 and at 23:00.
 */
export function completionTime(now: number, daysAgo: number): number {
  const startOfToday = Math.floor(now / DAY) * DAY;
  if (daysAgo === 0) return Math.max(startOfToday, now - MINUTE);
  return startOfToday - daysAgo * DAY + 12 * HOUR;
}

type Proofs = readonly ('approved' | 'submitted' | 'rejected' | 'resubmitted')[];
/** A completed quest `daysAgo` (0 = today), optionally reviewed; or an ongoing one with its proofs' states. */
type Play =
  | { quest: string; daysAgo: number; review?: readonly [rating: number, comment: string] }
  | { quest: string; ongoing: Proofs; farPhoto?: boolean };

/** Ordered by time per explorer, so streaks, levels and badges come out as the real rules make them. */
const PLAYS: Record<string, readonly Play[]> = {
  explorer: [
    { quest: 'lodhi-murals', daysAgo: 5, review: [5, 'The blue elephant alone is worth the trip.'] },
    { quest: 'kala-ghoda', daysAgo: 4, review: [4, 'Compact and lovely, the synagogue was a surprise.'] },
    { quest: 'humayun', daysAgo: 3, review: [5, 'Sunder Nursery at golden hour is magic.'] },
    { quest: 'qutub-mehrauli', daysAgo: 2, review: [5, 'Hard but so rewarding. Wear good shoes!'] },
    { quest: 'amber-fort', daysAgo: 1, review: [4, 'The climb to Jaigarh nearly killed me. Loved it.'] },
    {
      quest: 'old-delhi-food',
      daysAgo: 0,
      review: [5, 'Came hungry, left rolling. Best paratha of my life.'],
    },
    { quest: 'charminar', ongoing: ['approved', 'submitted'] },
    { quest: 'pink-bazaars', ongoing: ['rejected'] },
  ],
  priya: [
    { quest: 'lodhi-murals', daysAgo: 10, review: [4, 'Great murals, some have faded a little.'] },
    { quest: 'gateway-colaba', daysAgo: 9, review: [4, 'Touristy but a classic start.'] },
    { quest: 'marine-drive', daysAgo: 6, review: [5, 'Nothing beats the Queen’s Necklace at dusk.'] },
    { quest: 'banganga', daysAgo: 3, review: [5, 'A secret in plain sight. So peaceful.'] },
    { quest: 'fort-heritage', daysAgo: 2 },
    { quest: 'dhobi-ghat', daysAgo: 1, review: [3, 'Interesting, but the tide was in at Haji Ali.'] },
    { quest: 'elephanta', daysAgo: 1, review: [5, 'The Trimurti is breathtaking.'] },
    { quest: 'mohammed-ali-road', ongoing: ['resubmitted', 'submitted'] },
    { quest: 'khotachiwadi', ongoing: ['submitted'], farPhoto: true },
  ],
  rahul: [
    { quest: 'humayun', daysAgo: 20, review: [5, 'My favourite Mughal monument, bar none.'] },
    { quest: 'qutub-mehrauli', daysAgo: 14, review: [5, 'Rajon ki Baoli is the hidden star.'] },
    { quest: 'lodhi-garden', daysAgo: 7, review: [4, 'A calm hour among the tombs.'] },
    { quest: 'kartavya-path', daysAgo: 5 },
    { quest: 'hauz-khas', daysAgo: 4, review: [4, 'Deer, peacocks and a madrasa. Delhi in one walk.'] },
    { quest: 'cp-stepwell', daysAgo: 0, review: [5, 'Cannot believe this is a minute from CP.'] },
    { quest: 'victoria', daysAgo: 0, review: [4, 'Did it on a work trip to Kolkata. Worth it.'] },
    { quest: 'purana-qila', ongoing: ['submitted'] },
    { quest: 'lotus-temple', ongoing: [] },
  ],
  arjun: [
    { quest: 'lalbagh', daysAgo: 8, review: [5, 'The Glass House is beautiful in the morning.'] },
    { quest: 'cubbon', daysAgo: 6, review: [4, 'Good Sunday walk.'] },
    { quest: 'tipu-fort', daysAgo: 3, review: [4, 'KR Market at dawn is an experience.'] },
    { quest: 'church-street', daysAgo: 2 },
    { quest: 'malleswaram', daysAgo: 1, review: [5, 'Benne dosa at CTR. Need I say more?'] },
    { quest: 'bangalore-palace', ongoing: ['submitted', 'submitted'] },
    { quest: 'ulsoor', ongoing: [] },
  ],
  kavya: [
    { quest: 'mylapore', daysAgo: 12, review: [5, 'Home turf, and still full of surprises.'] },
    { quest: 'marina', daysAgo: 11, review: [4, 'Climb the lighthouse for the view.'] },
    { quest: 'egmore-museum', daysAgo: 4, review: [5, 'The Chola bronzes are world class.'] },
    { quest: 'besant-nagar', daysAgo: 3 },
    { quest: 'fort-st-george', daysAgo: 2, review: [4, 'Lots of history packed in.'] },
    { quest: 'mylapore-tiffin', ongoing: ['submitted'] },
    { quest: 'kalakshetra', ongoing: [] },
    { quest: 't-nagar', ongoing: [] },
  ],
};

const FRIENDS: readonly (readonly [string, string, 'accepted' | 'pending'])[] = [
  ['explorer', 'priya', 'accepted'],
  ['rahul', 'explorer', 'accepted'],
  ['priya', 'rahul', 'accepted'],
  ['rahul', 'arjun', 'accepted'],
  ['kavya', 'priya', 'accepted'],
  ['arjun', 'explorer', 'accepted'],
  ['kavya', 'explorer', 'pending'],
];

const REJECTION_FEEDBACK = 'The photo shows a different building; please photograph the landmark itself.';

/** A phone-like photo of a stop: a generated picture as JPEG with GPS (near the stop) and capture time. */
async function proofPhoto(
  label: string,
  lat: number,
  lng: number,
  at: Date,
  seed: number,
): Promise<UploadedFile> {
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
    return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
  };
  const picture = await generatePicture(label, { width: 400, height: 300, seed });
  const taken = at.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
  const data = await sharp(picture)
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Make: 'CityQuest Demo', Model: 'Phone' },
      IFD2: { DateTimeOriginal: taken },
      IFD3: {
        GPSLatitudeRef: lat < 0 ? 'S' : 'N',
        GPSLatitude: dms(lat),
        GPSLongitudeRef: lng < 0 ? 'W' : 'E',
        GPSLongitude: dms(lng),
      },
    })
    .toBuffer();
  return { fieldname: 'proofImages', filename: `IMG_${2000 + seed}.jpg`, mimetype: 'image/jpeg', data };
}

async function createExplorers(deps: SeedDeps): Promise<Map<string, UserRow>> {
  const people = new Map<string, UserRow>();
  const passwordHash = await hashPassword(DEMO_EXPLORER_PASSWORD);
  for (const [index, person] of DEMO_EXPLORERS.entries()) {
    const existing = await findUserByUsername(deps.db, person.username);
    if (existing) {
      people.set(person.username, existing);
      continue;
    }
    const initials = person.fullName
      .split(/\s+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2);
    const [avatar, cover] = await Promise.all([
      generatePicture(initials, { width: 256, height: 256, seed: index + 3 }),
      generatePicture('CityQuest', { width: 1200, height: 400, seed: index + 5 }),
    ]);
    const [row] = await deps.db
      .insert(users)
      .values({
        username: person.username,
        email: `${person.username}@cityquest.dev`,
        fullName: person.fullName,
        bio: person.bio,
        passwordHash,
        isEmailVerified: true,
        avatarUrl: await deps.storage.save('avatars', avatar, 'webp'),
        coverImageUrl: await deps.storage.save('covers', cover, 'webp'),
      })
      .returning();
    if (row) people.set(person.username, row);
  }
  return people;
}

async function createQuests(
  deps: SeedDeps,
  people: Map<string, UserRow>,
  moderator: UserRow,
): Promise<Map<string, { id: string; quest: DemoQuest }>> {
  const created = new Map<string, { id: string; quest: DemoQuest }>();
  const now = Date.now();
  const covers = await Promise.all(
    DEMO_QUESTS.map((quest, index) => generatePicture(quest.title, { width: 800, height: 500, seed: index })),
  );
  for (const [index, quest] of DEMO_QUESTS.entries()) {
    const place = DEMO_CITIES[quest.in];
    const creator = people.get(quest.by ?? CURATOR);
    const [first, ...rest] = quest.stops;
    const last = rest.at(-1) ?? first;
    if (!first || !last || !creator) continue;
    const createdAt = new Date(now - (45 + DEMO_QUESTS.length - index) * DAY);
    const row = await insertQuest(deps.db, {
      title: quest.title,
      subtitle: quest.subtitle,
      description: quest.description,
      category: quest.category,
      difficulty: quest.difficulty,
      status: quest.status ?? 'approved',
      rejectionReason: quest.rejectionReason ?? null,
      suggestedXp: quest.xp,
      xp: quest.xp,
      estimatedTime: quest.time,
      tags: [...quest.tags],
      address: `${first[0]}, ${place.city}`,
      city: place.city,
      state: place.state,
      pincode: quest.pincode ?? place.pincode,
      proofInstructions: 'Take a clear photo at each stop that shows the place named in the task.',
      startLocation: first[0],
      startLat: first[1],
      startLng: first[2],
      endLocation: last[0],
      endLat: last[1],
      endLng: last[2],
      waypoints: quest.stops.map(([name, lat, lng]) => ({ name, lat, lng })),
      lat: first[1],
      lng: first[2],
      featured: quest.featured ?? false,
      views: 40 + ((index * 137) % 460),
      createdBy: creator.id,
      createdAt,
      updatedAt: createdAt,
    });
    const cover = covers[index];
    await replaceChildren(deps.db, row.id, {
      tasks: quest.tasks.map((description) => ({ description, hint: null })),
      tips: [...quest.tips, CATEGORY_TIPS[quest.category]],
      photos: cover ? [await deps.storage.save('quests', cover, 'webp')] : [],
    });
    created.set(quest.key, { id: row.id, quest });
    if (quest.by) {
      await logAdminAction(deps.db, {
        adminId: moderator.id,
        actionType: quest.status === 'rejected' ? 'quest_rejection' : 'quest_approval',
        targetType: 'quest',
        targetId: row.id,
        details: { questTitle: quest.title },
        reason: quest.rejectionReason ?? null,
      });
    }
  }
  return created;
}

/** Plays every demo explorer's quests through the real services: start, proofs, verification, reviews. */
async function play(
  deps: SeedDeps,
  people: Map<string, UserRow>,
  moderator: UserRow,
  created: Map<string, { id: string; quest: DemoQuest }>,
): Promise<void> {
  const now = Date.now();
  let photoSeed = 0;
  for (const [username, plays] of Object.entries(PLAYS)) {
    const player = people.get(username);
    if (!player) continue;
    for (const entry of plays) {
      const target = created.get(entry.quest);
      if (!target) continue;
      const { id, quest } = target;
      const states: Proofs = 'daysAgo' in entry ? quest.tasks.map(() => 'approved' as const) : entry.ongoing;
      // The last approval completes the quest: it lands on completionTime, the proofs before it on the way.
      const completedAt = 'daysAgo' in entry ? completionTime(now, entry.daysAgo) : null;
      const startedAt = new Date(
        completedAt === null ? now - 6 * HOUR : completedAt - states.length * PROOF_GAP - REVIEW_DELAY,
      );
      await startQuest(deps, player, id, startedAt);
      for (const [index, state] of states.entries()) {
        const order = index + 1;
        const stop = quest.stops[Math.min(index, quest.stops.length - 1)] ?? quest.stops[0];
        if (!stop) continue;
        const far = 'farPhoto' in entry && entry.farPhoto;
        const [lat, lng] = far ? [28.6139, 77.209] : [stop[1] + 0.0002, stop[2] - 0.0002];
        const takenAt = new Date(startedAt.getTime() + (index + 1) * PROOF_GAP);
        const photo = await proofPhoto(stop[0], lat, lng, takenAt, photoSeed++);
        await submitTaskProof(deps, player, id, order, { images: [photo], notes: `At ${stop[0]}.` }, takenAt);
        if (state === 'submitted') continue;
        const decision =
          state === 'approved' ? { approved: true } : { approved: false, feedback: REJECTION_FEEDBACK };
        const reviewedAt = new Date(takenAt.getTime() + REVIEW_DELAY);
        await verifyProofOf(deps, moderator, id, player.id, order, decision, reviewedAt);
        if (state !== 'resubmitted') continue;
        const again = await proofPhoto(stop[0], lat, lng, reviewedAt, photoSeed++);
        await submitTaskProof(
          deps,
          player,
          id,
          order,
          { images: [again], notes: 'Second try, closer.' },
          reviewedAt,
        );
      }
      if ('review' in entry && entry.review) {
        const [rating, comment] = entry.review;
        const reviewedAt = new Date(Math.min(now, (completedAt ?? now) + HOUR));
        await submitReview(deps, player, id, { rating, comment }, reviewedAt);
      }
    }
  }
}

async function befriend(deps: SeedDeps, people: Map<string, UserRow>): Promise<void> {
  const now = Date.now();
  const rows = FRIENDS.flatMap(([from, to, status], index) => {
    const [a, b] = [people.get(from), people.get(to)];
    if (!a || !b) return [];
    const createdAt = new Date(now - (30 - index) * DAY);
    return [
      {
        fromUserId: a.id,
        toUserId: b.id,
        status,
        createdAt,
        respondedAt: status === 'accepted' ? new Date(createdAt.getTime() + 3 * HOUR) : null,
      },
    ];
  });
  if (rows.length) await deps.db.insert(friendRequests).values(rows).onConflictDoNothing();
}

/**
 * SEED_DEMO=1: the demo city (docs/product-rules/sample-data.md#demo-city) on top of the demo accounts.
 * Idempotent: nothing happens once the curated quests exist.
 */
export async function seedDemoCity(deps: SeedDeps): Promise<void> {
  await seedDemoAccounts(deps);
  const curator = await findUserByUsername(deps.db, CURATOR);
  if (curator) {
    const [existing] = await deps.db
      .select({ id: quests.id })
      .from(quests)
      .where(eq(quests.createdBy, curator.id))
      .limit(1);
    if (existing) return;
  }
  const started = Date.now();
  const people = await createExplorers(deps);
  const explorer = await findUserByUsername(deps.db, 'explorer');
  const moderator = await findUserByUsername(deps.db, 'moderator');
  if (!explorer || !moderator) throw new Error('the demo accounts are missing');
  people.set('explorer', explorer);
  const created = await createQuests(deps, people, moderator);
  await play(deps, people, moderator, created);
  await befriend(deps, people);
  const count = await deps.db
    .select({ id: quests.id })
    .from(quests)
    .where(
      inArray(
        quests.createdBy,
        [...people.values()].map((person) => person.id),
      ),
    );
  deps.log.info(
    `seeded the demo city: ${count.length} quests in ${Math.round((Date.now() - started) / 100) / 10} s`,
  );
}
