import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { friendRequests, quests, users } from '../db/schema.ts';
import { generatePicture, generateStreetScene } from '../lib/generated-images.ts';
import type { ImageWork } from '../lib/image-pool.ts';
import { hashPassword } from '../lib/passwords.ts';
import { perceptualHashes } from '../lib/perceptual-hash.ts';
import { logAdminAction } from '../modules/audit/index.ts';
import { recordPhotoHashes } from '../modules/photo-matching/index.ts';
import { startQuest, submitTaskProof, verifyProofOf } from '../modules/progress/index.ts';
import { type CatalogueCache, insertQuest, replaceChildren } from '../modules/quests/index.ts';
import { submitReview } from '../modules/reviews/index.ts';
import { findUserByUsername, type UserRow } from '../modules/users/index.ts';
import type { FileAddresses } from '../plugins/file-addresses.ts';
import type { UploadedFile } from '../plugins/multipart.ts';
import type { Storage } from '../plugins/storage.ts';
import { seedDemoAccounts } from './accounts.ts';
import { type DemoCity, type DemoQuest, loadDemoCity, type ProofState } from './demo-city-data.ts';

type SeedDeps = {
  db: Db;
  /** The seed's proof decisions clear what they change, like the moderators' (nothing is cached before start). */
  catalogue: CatalogueCache;
  storage: Storage;
  /** The services the seed plays through answer as they do to clients, with file addresses. */
  files: FileAddresses;
  /** The uploads' image work, as the services do it. */
  images: ImageWork;
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

/**
 * A phone-like photo of a stop: a generated street scene (or the given picture) as JPEG with GPS (near the
 * stop) and capture time.
 */
async function proofPhoto(
  picture: Buffer,
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
  city: DemoCity,
  people: Map<string, UserRow>,
  moderator: UserRow,
): Promise<Map<string, { id: string; quest: DemoQuest }>> {
  const created = new Map<string, { id: string; quest: DemoQuest }>();
  const now = Date.now();
  const covers = await Promise.all(
    city.quests.map((quest, index) => generatePicture(quest.title, { width: 800, height: 500, seed: index })),
  );
  for (const [index, quest] of city.quests.entries()) {
    const place = city.cities[quest.in];
    const creator = people.get(quest.by ?? CURATOR);
    const [first, ...rest] = quest.stops;
    const last = rest.at(-1) ?? first;
    if (!place || !first || !last || !creator) continue;
    const createdAt = new Date(now - (45 + city.quests.length - index) * DAY);
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
      address: `${first.name}, ${place.city}`,
      city: place.city,
      state: place.state,
      pincode: quest.pincode ?? place.pincode,
      proofInstructions: city.proofInstructions,
      startLocation: first.name,
      startLat: first.lat,
      startLng: first.lng,
      endLocation: last.name,
      endLat: last.lat,
      endLng: last.lng,
      waypoints: quest.stops.map(({ name, lat, lng }) => ({ name, lat, lng })),
      lat: first.lat,
      lng: first.lng,
      featured: quest.featured ?? false,
      views: 40 + ((index * 137) % 460),
      createdBy: creator.id,
      createdAt,
      updatedAt: createdAt,
    });
    const cover = covers[index];
    const coverPath = cover ? await deps.storage.save('quests', cover, 'webp') : null;
    await replaceChildren(deps.db, row.id, {
      tasks: quest.tasks.map((description) => ({ description, hint: null })),
      tips: [...quest.tips, city.categoryTips[quest.category]],
      photos: coverPath ? [coverPath] : [],
    });
    // As a created quest's are: a proof copying the cover is flagged.
    if (cover && coverPath) {
      await recordPhotoHashes(deps.db, { questId: row.id }, [
        { imagePath: coverPath, photoIndex: 0, hashes: await perceptualHashes(cover) },
      ]);
    }
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
  city: DemoCity,
  people: Map<string, UserRow>,
  moderator: UserRow,
  created: Map<string, { id: string; quest: DemoQuest }>,
): Promise<void> {
  const now = Date.now();
  let photoSeed = 0;
  let firstPicture: Buffer | undefined;
  for (const [username, plays] of Object.entries(city.plays)) {
    const player = people.get(username);
    if (!player) continue;
    for (const entry of plays) {
      const target = created.get(entry.quest);
      if (!target) continue;
      const { id, quest } = target;
      const states: readonly ProofState[] =
        'daysAgo' in entry ? quest.tasks.map(() => 'approved' as const) : entry.ongoing;
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
        const [lat, lng] = far ? [28.6139, 77.209] : [stop.lat + 0.0002, stop.lng - 0.0002];
        const takenAt = new Date(startedAt.getTime() + (index + 1) * PROOF_GAP);
        const sendProof = async (at: Date, notes: string) => {
          const seed = photoSeed++;
          const scene = await generateStreetScene(stop.name, { width: 400, height: 300, seed });
          // A copied photo is the demo's first proof photo made smaller, for the duplicate check to catch.
          const copied = 'copiedPhoto' in entry && entry.copiedPhoto && firstPicture;
          const picture = copied ? await sharp(firstPicture).resize({ width: 320 }).toBuffer() : scene;
          firstPicture ??= scene;
          const photo = await proofPhoto(picture, lat, lng, at, seed);
          await submitTaskProof(deps, player, id, order, { images: [photo], notes }, at);
        };
        await sendProof(takenAt, `At ${stop.name}.`);
        if (state === 'submitted') continue;
        const decision =
          state === 'approved' ? { approved: true } : { approved: false, feedback: city.rejectionFeedback };
        const reviewedAt = new Date(takenAt.getTime() + REVIEW_DELAY);
        await verifyProofOf(deps, moderator, id, player.id, order, decision, reviewedAt);
        if (state !== 'resubmitted') continue;
        await sendProof(reviewedAt, 'Second try, closer.');
      }
      if ('review' in entry && entry.review) {
        const { rating, comment } = entry.review;
        const reviewedAt = new Date(Math.min(now, (completedAt ?? now) + HOUR));
        await submitReview(deps, { id: player.id, actsAsAdmin: false }, id, { rating, comment }, reviewedAt);
      }
    }
  }
}

async function befriend(deps: SeedDeps, city: DemoCity, people: Map<string, UserRow>): Promise<void> {
  const now = Date.now();
  const rows = city.friendships.flatMap(({ from, to, status }, index) => {
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
  // Read first, so a broken demo-city.json stops the start even on an already seeded database.
  const city = loadDemoCity();
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
  const created = await createQuests(deps, city, people, moderator);
  await play(deps, city, people, moderator, created);
  await befriend(deps, city, people);
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
