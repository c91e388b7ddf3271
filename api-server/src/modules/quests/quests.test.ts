import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, storedFileOf } from '../../../test/fixtures.ts';
import {
  fixtureGeoConfig,
  type GeoFixtureServer,
  startGeoFixtureServer,
} from '../../../test/geo-fixture-server.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admin,
  approvedQuest,
  call,
  type Explorer,
  idOf,
  photo,
  submitQuest,
} from '../../../test/quest-fixtures.ts';
import { actionLogs, questProgress, quests } from '../../db/schema.ts';
import { toPage } from '../../lib/pagination.ts';
import { listQuestsQuery, textSearchOf } from './quest-repository.ts';
import { awardedXp, baseXpFromSuggestion } from './quest-xp.ts';

let t: TestApp;
let creator: Explorer;
let explorer: Explorer;
let moderator: Explorer;
let places: GeoFixtureServer;
beforeAll(async () => {
  places = await startGeoFixtureServer();
  t = await createTestApp({ geo: fixtureGeoConfig(places.url) });
  [creator, explorer] = [await registerVerified(t), await registerVerified(t)];
  moderator = await admin(t);
});
afterAll(async () => {
  await t.close();
  await places.close();
});

const questRow = async (id: string) => {
  const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
  if (!row) throw new Error('no quest');
  return row;
};
const setQuest = (id: string, values: Partial<typeof quests.$inferInsert>) =>
  t.database.db.update(quests).set(values).where(eq(quests.id, id));
const titles = (list: { title: string }[]) => list.map((quest) => quest.title);

describe('quest xp', () => {
  it('clamps the suggestion to a base of 1 to 100 (0 or none gives 10) and multiplies by difficulty', () => {
    expect([0, -5, 1, 42.4, 100, 1000].map((xp) => baseXpFromSuggestion(xp))).toEqual([
      10, 10, 1, 42, 100, 100,
    ]);
    expect(baseXpFromSuggestion(undefined)).toBe(10);
    expect([awardedXp(60, 'Easy'), awardedXp(45, 'Medium'), awardedXp(60, 'Hard')]).toEqual([60, 68, 120]);
  });
});

describe('POST /quests/create-quest', () => {
  it('stores a pending quest with every field, tasks in order, trimmed lists and the clamped xp', async () => {
    const response = await submitQuest(t, creator);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Quest submitted for review successfully!');
    const quest = response.json().data;
    expect(quest).toMatchObject({
      title: 'Murals of Lodhi Colony',
      status: 'pending',
      rejectionReason: null,
      category: 'Art',
      difficulty: 'Hard',
      xp: 120,
      tags: ['street art', 'walking'],
      pincode: '110003',
      submittedBy: { _id: idOf(creator), username: creator.username },
      location: { lat: 28.5884, lng: 77.2215 },
      participants: 0,
      progress: null,
      completions: 0,
      ratingBreakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect(
      quest.tasks.map((task: { order: number; description: string; hint: string | null }) => task),
    ).toEqual([
      expect.objectContaining({ order: 1, description: 'Find the mural of the blue elephant.', hint: null }),
      expect.objectContaining({
        order: 2,
        description: 'Photograph the giant hands.',
        hint: 'Near Meherchand Market.',
      }),
      expect.objectContaining({ order: 3, description: 'Find the mural with the tiger.' }),
    ]);
    expect(quest.tips.map((tip: { tip_text: string }) => tip.tip_text)).toEqual([
      'Go early in the morning.',
      'Carry water.',
    ]);
    expect(quest.routes).toEqual([
      {
        start_location: 'Lodhi Colony Market',
        start_coordinates: { lat: 28.5879, lng: 77.2205 },
        end_location: '28.58610, 77.22470',
        end_coordinates: { lat: 28.5861, lng: 77.2247 },
        waypoints: [
          { lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11' },
          { lat: 28.5869, lng: 77.2231, name: 'Custom Location', address: null },
        ],
      },
    ]);
    expect(quest.files).toHaveLength(2);
    const row = await questRow(quest._id);
    expect([row.suggestedXp, row.xp]).toEqual([60, 60]);
  });

  it('stores photos re-encoded as WebP without their metadata', async () => {
    const response = await submitQuest(t, creator);
    const [cover] = response.json().data.files as { file_url: string }[];
    const stored = await readFile(storedFileOf(t, cover?.file_url ?? ''));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
  });

  it('clamps xp suggestions: none or 0 gives a base of 10, 1000 gives 100', async () => {
    const none = await submitQuest(t, creator, { xp: '0', difficulty: 'Easy' });
    expect(none.json().data.xp).toBe(10);
    const huge = await submitQuest(t, creator, { xp: '1000', difficulty: 'Medium' });
    expect(huge.json().data.xp).toBe(150);
    expect((await questRow(huge.json().data._id)).suggestedXp).toBe(1000);
  });

  it('reports every problem at once with the documents messages, in their order', async () => {
    const response = await submitQuest(
      t,
      creator,
      { title: '   ', city: '', tasks: JSON.stringify(['  ', '']), pincode: '12ab' },
      [],
    );
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((error: { message: string }) => error.message);
    expect(response.json().message).toBe('You must upload at least one quest photo.');
    expect(messages).toEqual(
      expect.arrayContaining([
        'You must upload at least one quest photo.',
        'City is required.',
        'Pincode must be up to 10 digits (digits only).',
      ]),
    );
    const blankOnly = await submitQuest(t, creator, { title: '   ', tasks: JSON.stringify(['  ']) });
    expect(blankOnly.json().errors.map((error: { message: string }) => error.message)).toEqual([
      'Quest title is required.',
      'Please add at least one quest task.',
    ]);
    const missing = await submitQuest(t, creator, { startLocation: '  ', endLocation: ' ', address: ' ' });
    expect(missing.json().errors.map((error: { message: string }) => error.message)).toEqual([
      'Address is required.',
      'Start location is required.',
      'End location is required.',
    ]);
  });

  it('validates waypoints with the documents messages and takes plain text or lat,lng for route ends', async () => {
    const notNumbers = await submitQuest(t, creator, {
      waypoints: JSON.stringify([{ lat: 'north', lng: 77 }]),
    });
    expect(notNumbers.json().message).toBe('Please enter valid latitude and longitude values');
    const outOfRange = await submitQuest(t, creator, { waypoints: JSON.stringify([{ lat: 91, lng: 77 }]) });
    expect(outOfRange.json().message).toBe(
      'Please enter valid coordinate ranges (Lat: -90 to 90, Lng: -180 to 180)',
    );
    const text = await submitQuest(t, creator, {
      startLocation: 'Hawa Mahal',
      endLocation: '28.6129, 77.2295',
      waypoints: '[]',
    });
    expect(text.statusCode).toBe(201);
    expect(text.json().data.routes[0]).toMatchObject({
      start_location: 'Hawa Mahal',
      start_coordinates: { lat: 26.9239, lng: 75.8267 },
      end_location: '28.61290, 77.22950',
      end_coordinates: { lat: 28.6129, lng: 77.2295 },
    });
    expect(text.json().data.location).toEqual({ lat: 26.9239, lng: 75.8267 });
    const named = await submitQuest(t, creator, { endLocation: JSON.stringify({ name: 'Charminar' }) });
    expect(named.json().data.routes[0]).toMatchObject({
      end_location: 'Charminar',
      end_coordinates: { lat: 17.3616, lng: 78.4747 },
    });
  });

  it('answers 400 naming the route end whose name alone finds no place, and 502 when place search is down', async () => {
    const unknown = await submitQuest(t, creator, { startLocation: 'Nowhere Lane 42' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        field: 'startLocation',
        message:
          'Start location "Nowhere Lane 42" was not found. Pick a place from the search or give its coordinates.',
      },
    ]);
    places.setMode('fail', 'places');
    try {
      const down = await submitQuest(t, creator, { endLocation: 'Marina Beach' });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe(
        'End location "Marina Beach" could not be looked up. The place search service is unavailable right now. Please try again later. You can also give its coordinates.',
      );
      // A name with its point needs no search, so creation still works while the search is down.
      const withPoint = await submitQuest(t, creator, {
        endLocation: JSON.stringify({ name: 'Marina Beach', lat: 13.05, lng: 80.2824 }),
      });
      expect(withPoint.statusCode).toBe(201);
      const edit = await call(t, 'PUT', `/quests/${withPoint.json().data._id}`, creator, {
        startLocation: 'Fort St. George',
      });
      expect(edit.statusCode).toBe(502);
      expect(edit.json().message).toMatch(/^Start location "Fort St\. George" could not be looked up\./);
    } finally {
      places.reset();
    }
  });

  it('answers 502 when the place search cannot be reached at all', async () => {
    // The test default points the providers at 127.0.0.1:9, a closed port.
    const offline = await createTestApp();
    try {
      const someone = await registerVerified(offline);
      const unreachable = await submitQuest(offline, someone, { startLocation: 'Lodhi Garden' });
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().message).toBe(
        'Start location "Lodhi Garden" could not be looked up. The place search service is unavailable right now. Please try again later. You can also give its coordinates.',
      );
    } finally {
      await offline.close();
    }
  });

  it('refuses files that are not images (415) and more than 10 photos', async () => {
    const notImage = await submitQuest(t, creator, {}, [Buffer.from('<?php echo 1; ?>')]);
    expect(notImage.statusCode).toBe(415);
    const many = await submitQuest(
      t,
      creator,
      {},
      await Promise.all(Array.from({ length: 11 }, () => photo())),
    );
    expect(many.statusCode).toBe(400);
  });
});

describe('visibility', () => {
  it('shows a pending quest only to its creator and admins (404 for anyone else)', async () => {
    const id = (await submitQuest(t, creator)).json().data._id;
    expect((await call(t, 'GET', `/quests/${id}`, creator)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/quests/${id}`, moderator)).statusCode).toBe(200);
    const other = await call(t, 'GET', `/quests/${id}`, explorer);
    expect(other.statusCode).toBe(404);
    expect(other.json().data).toBeUndefined();
    expect((await call(t, 'GET', `/quest-tasks/${id}`, explorer)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/quest-reviews/${id}`, explorer)).statusCode).toBe(404);
  });

  it('lists approved quests only to explorers (status ignored), any status to admins', async () => {
    const pendingTitle = `Pending ${Date.now()}`;
    await submitQuest(t, creator, { title: pendingTitle });
    const asCreator = await call(t, 'GET', '/quests?status=pending&limit=100', creator);
    expect(
      asCreator.json().data.quests.every((quest: { status: string }) => quest.status === 'approved'),
    ).toBe(true);
    const asAdmin = await call(t, 'GET', '/quests?status=pending&limit=100', moderator);
    expect(titles(asAdmin.json().data.quests)).toContain(pendingTitle);
    expect(asAdmin.json().data.quests[0].participants).toBe(0);
  });

  it("counts a view for each reader but the creator, and not again for a reader's refresh", async () => {
    const id = await approvedQuest(t, creator);
    await call(t, 'GET', `/quests/${id}`, creator);
    expect((await questRow(id)).views).toBe(0);
    const read = await call(t, 'GET', `/quests/${id}`, explorer);
    expect(read.json().data.views).toBe(1);
    expect(read.json().data.participants).toBeUndefined();
    expect((await call(t, 'GET', `/quests/${id}`, explorer)).json().data.views).toBe(1);
    expect((await questRow(id)).views).toBe(1);
    await call(t, 'GET', `/quests/${id}`, moderator);
    expect((await questRow(id)).views).toBe(2);
  });
});

describe('PUT and DELETE /quests/{id}', () => {
  it('lets only the creator edit, only while pending or rejected; a rejected quest goes back to review', async () => {
    const id = (await submitQuest(t, creator)).json().data._id;
    expect((await call(t, 'PUT', `/quests/${id}`, explorer, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/quests/${id}`, moderator, { title: 'Admin edit' })).statusCode).toBe(403);
    await setQuest(id, { status: 'rejected', rejectionReason: 'Blurry photos' });
    const edited = await call(t, 'PUT', `/quests/${id}`, creator, {
      title: '  Murals, again  ',
      tasks: ['One', { description: 'Two', hint: 'Look up' }],
      tips: ['', 'Wear a hat'],
      xp: 0,
      waypoints: [{ lat: 28.59, lng: 77.22 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Murals, again',
      status: 'pending',
      rejectionReason: null,
      xp: 20,
      location: { lat: 28.59, lng: 77.22 },
      tips: [expect.objectContaining({ tip_text: 'Wear a hat' })],
    });
    expect(edited.json().data.tasks.map((task: { order: number }) => task.order)).toEqual([1, 2]);
    const tolerant = await call(t, 'PUT', `/quests/${id}`, creator, {
      tasks: [{ name: 'Named task', tip: 'A tip as hint' }, '  ', 'Plain task'],
      tips: [{ tipText: 'camel' }, { content: 'content' }, { text: 'text' }, { tip_text: 'snake' }, ' '],
      estimatedTime: ' 1-2 hours ',
      state: 'Delhi',
      startLocation: 'India Gate',
      endLocation: { name: 'Gate', lat: 28.61, lng: 77.23 },
    });
    expect(tolerant.statusCode).toBe(200);
    const data = tolerant.json().data;
    expect(data.tasks).toEqual([
      expect.objectContaining({ order: 1, description: 'Named task', hint: 'A tip as hint' }),
      expect.objectContaining({ order: 2, description: 'Plain task', hint: null }),
    ]);
    expect(data.tips.map((tip: { tip_text: string }) => tip.tip_text)).toEqual([
      'camel',
      'content',
      'text',
      'snake',
    ]);
    expect(data).toMatchObject({ estimatedTime: '1-2 hours', state: 'Delhi' });
    expect(data.routes[0]).toMatchObject({
      start_location: 'India Gate',
      start_coordinates: { lat: 28.6129, lng: 77.2295 },
      end_location: 'Gate',
      end_coordinates: { lat: 28.61, lng: 77.23 },
    });
    const unknownPlace = await call(t, 'PUT', `/quests/${id}`, creator, { endLocation: 'Nowhere Lane 42' });
    expect(unknownPlace.json().errors).toEqual([expect.objectContaining({ field: 'endLocation' })]);
    const notTheQuests = await call(t, 'PUT', `/quests/${id}`, creator, { status: 'approved' });
    expect(notTheQuests.statusCode).toBe(400);
    const blank = await call(t, 'PUT', `/quests/${id}`, creator, { title: '  ' });
    expect(blank.json().message).toBe('Quest title is required.');
    await setQuest(id, { status: 'approved' });
    const approved = await call(t, 'PUT', `/quests/${id}`, creator, { title: 'Later' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('Approved quests can only be changed by an admin');
    expect((await call(t, 'PUT', `/quests/${id}`, explorer, { title: 'Mine now' })).statusCode).toBe(403);
  });

  it('lets the creator or an admin delete (the admin logged), never another explorer', async () => {
    const mine = await approvedQuest(t, creator);
    expect((await call(t, 'DELETE', `/quests/${mine}`, explorer)).statusCode).toBe(403);
    const deleted = await call(t, 'DELETE', `/quests/${mine}`, creator);
    expect(deleted.json().data).toEqual({ _id: mine, questId: mine });
    expect((await call(t, 'GET', `/quests/${mine}`, creator)).statusCode).toBe(404);

    const other = await approvedQuest(t, creator);
    expect((await call(t, 'DELETE', `/quests/${other}`, moderator)).statusCode).toBe(200);
    const [log] = await t.database.db.select().from(actionLogs).where(eq(actionLogs.targetId, other));
    expect(log).toMatchObject({
      actionType: 'quest_deletion',
      adminId: idOf(moderator),
      targetType: 'quest',
    });
  });
});

describe('accessibility notes', () => {
  it('keeps the notes the creator and admins write, up to 1000 characters, and shows them to every reader', async () => {
    const created = (
      await submitQuest(t, creator, { accessibilityNotes: '  Step-free lanes; a ramp at the market.  ' })
    ).json().data;
    expect(created.accessibilityNotes).toBe('Step-free lanes; a ramp at the market.');
    const without = (await submitQuest(t, creator, { accessibilityNotes: '' })).json().data;
    expect(without.accessibilityNotes).toBe('');

    const tooLong = await call(t, 'PUT', `/quests/${created._id}`, creator, {
      accessibilityNotes: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ field: 'accessibilityNotes' })]);
    const edited = await call(t, 'PUT', `/quests/${created._id}`, creator, {
      accessibilityNotes: ' Benches ',
    });
    expect(edited.json().data.accessibilityNotes).toBe('Benches');

    const byAdmin = await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: created.title,
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: 'Benches and a ramp',
    });
    expect(byAdmin.json().data.accessibilityNotes).toBe('Benches and a ramp');
    // A quest saved before the notes existed has none (null): an admin edit that leaves them empty changes nothing.
    await setQuest(created._id, { accessibilityNotes: null });
    await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: 'Murals, renamed',
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: '',
    });
    const logs = await t.database.db.select().from(actionLogs).where(eq(actionLogs.targetId, created._id));
    expect(logs.map((log) => log.details)).toContainEqual(
      expect.objectContaining({ questTitle: 'Murals, renamed', changedFields: ['title'] }),
    );
    await setQuest(created._id, { accessibilityNotes: 'Benches and a ramp' });

    await setQuest(created._id, { status: 'approved' });
    const visitor = await t.request({ method: 'GET', url: `/api/v1/quests/${created._id}` });
    expect(visitor.json().data.accessibilityNotes).toBe('Benches and a ramp');
    const cleared = await call(t, 'PUT', `/admin/quests/${created._id}`, moderator, {
      title: created.title,
      description: created.description,
      category: created.category,
      difficulty: created.difficulty,
      tasks: ['One task'],
      accessibilityNotes: '  ',
    });
    expect(cleared.json().data.accessibilityNotes).toBe('');
  });
});

describe('catalogue', () => {
  let city: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    city = `Testpur${Date.now()}`;
    ids.food = await approvedQuest(t, creator, {
      title: 'Chandni Chowk Food Walk',
      category: 'Food',
      difficulty: 'Easy',
      city,
      tags: 'street food, chaat',
      xp: '30',
    });
    ids.history = await approvedQuest(t, creator, {
      title: 'Forts of the Old City',
      category: 'History',
      difficulty: 'Medium',
      city,
      description: 'Ramparts, gates and a stepwell.',
      tags: 'heritage',
      xp: '80',
    });
    ids.gems = await approvedQuest(t, creator, {
      title: 'Hidden Courtyards',
      category: 'HiddenGems',
      difficulty: 'Hard',
      city,
      tags: 'secret',
      xp: '10',
    });
    await setQuest(ids.history, { featured: true, completions: 50, averageRating: 4.5 });
    await setQuest(ids.gems, { completions: 50, averageRating: 4.9 });
  });

  it('filters by category and difficulty, `all` meaning none', async () => {
    const food = await call(t, 'GET', `/quests?category=Food&searchQuery=${city}&limit=50`, explorer);
    expect(titles(food.json().data.quests)).toEqual(['Chandni Chowk Food Walk']);
    const hard = await call(t, 'GET', `/quests?difficulty=Hard&category=all&searchQuery=${city}`, explorer);
    expect(titles(hard.json().data.quests)).toEqual(['Hidden Courtyards']);
  });

  it('sorts newest (default), oldest, popular, rating and xp', async () => {
    const list = async (sortBy?: string) =>
      titles(
        (
          await call(t, 'GET', `/quests?searchQuery=${city}${sortBy ? `&sortBy=${sortBy}` : ''}`, explorer)
        ).json().data.quests,
      );
    expect(await list()).toEqual(['Hidden Courtyards', 'Forts of the Old City', 'Chandni Chowk Food Walk']);
    expect(await list('oldest')).toEqual([
      'Chandni Chowk Food Walk',
      'Forts of the Old City',
      'Hidden Courtyards',
    ]);
    expect(await list('popular')).toEqual([
      'Hidden Courtyards',
      'Forts of the Old City',
      'Chandni Chowk Food Walk',
    ]);
    expect(await list('xp')).toEqual([
      'Forts of the Old City',
      'Chandni Chowk Food Walk',
      'Hidden Courtyards',
    ]);
  });

  it('searches title, description, city and tags by word prefix, approved quests only', async () => {
    const search = async (text: string) =>
      titles(
        (await call(t, 'GET', `/quests/search?search=${encodeURIComponent(text)}`, explorer)).json().data
          .quests,
      );
    expect(await search('chandni')).toContain('Chandni Chowk Food Walk');
    expect(await search('ramp')).toEqual(['Forts of the Old City']);
    expect(await search('street food')).toContain('Chandni Chowk Food Walk');
    expect(await search('secret')).toEqual(['Hidden Courtyards']);
    expect((await search(city.slice(0, 8))).length).toBeGreaterThanOrEqual(3);
    expect(await search('%%%')).toEqual([]);
    await submitQuest(t, creator, { title: 'Unreviewed ramparts tour' });
    expect(await search('ramparts')).toEqual(['Forts of the Old City']);
    const filtered = await call(t, 'GET', `/quests/search?search=${city}&category=History`, explorer);
    expect(filtered.json().data.pagination).toMatchObject({ totalQuests: 1, currentPage: 1, totalPages: 1 });
  });

  it('answers featured, popular and category lists', async () => {
    const featured = await call(t, 'GET', '/quests/featured', explorer);
    expect(titles(featured.json().data)).toContain('Forts of the Old City');
    expect(featured.json().data.every((quest: { featured: boolean }) => quest.featured)).toBe(true);
    const popular = await call(t, 'GET', '/quests/popular?limit=2', explorer);
    expect(titles(popular.json().data)).toEqual(['Hidden Courtyards', 'Forts of the Old City']);
    const gems = await call(t, 'GET', '/quests/category/HiddenGems?limit=20', explorer);
    expect(
      gems.json().data.quests.every((quest: { category: string }) => quest.category === 'HiddenGems'),
    ).toBe(true);
    expect(titles(gems.json().data.quests)).toContain('Hidden Courtyards');
  });

  it('answers a quest in full with its tasks in order', async () => {
    const tasks = await call(t, 'GET', `/quest-tasks/${ids.food}`, explorer);
    expect(tasks.json().data.map((task: { order: number }) => task.order)).toEqual([1, 2, 3]);
    const quest = (await call(t, 'GET', `/quests/${ids.food}`, explorer)).json().data;
    expect(quest).toMatchObject({
      _id: ids.food,
      xp: 30,
      recentReviews: [],
      progress: null,
      type: 'Solo Adventure',
    });
  });

  it('lets the planner answer GET /quests and search from the indexes', async () => {
    const db = t.database.db;
    const explain = async (tx: typeof db, query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const literal = params.reduce<string>(
        (current, value, index) =>
          current.replace(
            new RegExp(`\\$${index + 1}(?!\\d)`),
            typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`,
          ),
        text,
      );
      const result = (await tx.execute(sql.raw(`explain ${literal}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const page = toPage({ limit: 12 }, 10);
    const plans = await db
      .transaction(async (tx) => {
        // A city's worth of quests (rolled back below), analysed, so the planner sees realistic statistics.
        await tx.execute(sql`
          insert into quests (title, description, category, difficulty, status, xp, address, city, pincode,
            start_location, end_location, tags, created_at)
          select 'Bulk quest ' || n, 'A walk numbered ' || n, (array['Art','Food','History','Culture','Adventure','HiddenGems'])[n % 6 + 1],
            'Easy', case when n % 10 = 0 then 'pending' else 'approved' end, 10, 'Somewhere', 'Bulkabad', '110001',
            'Start', 'End', array['bulk', 'tag' || (n % 500)], now() - n * interval '1 minute'
          from generate_series(1, 5000) as n`);
        // New rows wait in the GIN pending lists until vacuum; flush them as autovacuum would.
        await tx.execute(
          sql`select gin_clean_pending_list('quests_search_idx'), gin_clean_pending_list('quests_tags_idx')`,
        );
        await tx.execute(sql`analyze quests`);
        const result = {
          newest: await explain(tx, listQuestsQuery(tx, { status: 'approved' }, 'newest', page)),
          category: await explain(
            tx,
            listQuestsQuery(tx, { status: 'approved', category: 'Food' }, 'newest', page),
          ),
          search: await explain(
            tx,
            listQuestsQuery(
              tx,
              { status: 'approved', text: textSearchOf('lodhi murals') },
              'relevance',
              page,
            ),
          ),
        };
        throw Object.assign(new Error('rollback'), { result });
      })
      .catch((error: { result?: Record<string, string> }) => {
        if (!error.result) throw error;
        return error.result;
      });
    // Newest first reads an index in created_at order (with status in it, or filtering the few non-approved
    // rows when nearly every quest is approved): never a sort of the whole table.
    expect(plans.newest).toMatch(/Index (Only )?Scan Backward using quests_(status_)?created_idx/);
    expect(plans.category).toMatch(/Index (Only )?Scan Backward using quests_(status_category_)?created_idx/);
    expect(plans.search).toContain('quests_search_idx');
    expect(plans.search).toContain('quests_tags_idx');
    if (process.env.SHOW_PLANS) console.log(Object.values(plans).join('\n\n'));
  });
});

describe('the creator side', () => {
  it('lists my quests in any status with participants and the rejection reason', async () => {
    const me = await registerVerified(t);
    const first = (await submitQuest(t, me, { title: 'First of mine' })).json().data._id;
    const second = await approvedQuest(t, me, { title: 'Second of mine' });
    await setQuest(first, { status: 'rejected', rejectionReason: 'Too short' });
    await t.database.db.insert(questProgress).values({ userId: idOf(explorer), questId: second });
    const mine = (await call(t, 'GET', '/quests/my-quests', me)).json().data;
    expect(
      mine.quests.map((quest: { title: string; participants: number; rejectionReason: string | null }) => [
        quest.title,
        quest.participants,
        quest.rejectionReason,
      ]),
    ).toEqual([
      ['Second of mine', 1, null],
      ['First of mine', 0, 'Too short'],
    ]);
    const rejected = (await call(t, 'GET', '/quests/my-quests?status=rejected', me)).json().data;
    expect(titles(rejected.quests)).toEqual(['First of mine']);
    expect((await call(t, 'GET', '/quests/my-quests', explorer)).json().data.quests.length).toBe(0);
  });

  it('answers the dashboard, recommending unplayed quests of the categories played most', async () => {
    const player = await registerVerified(t);
    const guide = await registerVerified(t);
    const played = await approvedQuest(t, guide, { title: 'Played food walk', category: 'Food' });
    const fresh = await approvedQuest(t, guide, { title: 'Fresh food walk', category: 'Food' });
    await approvedQuest(t, guide, { title: 'Newest art walk', category: 'Art' });
    await approvedQuest(t, player, { title: 'My own food walk', category: 'Food' });
    expect((await call(t, 'POST', '/quest-progress/start', player, { questId: played })).statusCode).toBe(
      201,
    );
    const dashboard = (await call(t, 'GET', '/quests/my-dashboard', player)).json().data;
    expect(dashboard.ongoingQuests.map((entry: { quest_id: { _id: string } }) => entry.quest_id._id)).toEqual(
      [played],
    );
    expect(dashboard.recommendedQuests[0]._id).toBe(fresh);
    const recommended = titles(dashboard.recommendedQuests);
    expect(recommended).not.toContain('Played food walk');
    expect(recommended).not.toContain('My own food walk');
    expect(recommended.length).toBeLessThanOrEqual(6);
    expect(dashboard.userCreatedQuests).toEqual([
      expect.objectContaining({ title: 'My own food walk', participants: 0, status: 'approved' }),
    ]);
    expect(dashboard.stats).toEqual({ totalCompleted: 0, totalOngoing: 1, totalCreated: 1, ongoingLimit: 3 });
    const rows = await t.database.db
      .select()
      .from(questProgress)
      .where(and(eq(questProgress.userId, idOf(player)), eq(questProgress.questId, played)));
    expect(rows).toHaveLength(1);
  });
});
