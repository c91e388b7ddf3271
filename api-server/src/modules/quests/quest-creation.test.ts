import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, storedFileOf } from '../../../test/fixtures.ts';
import {
  fixtureGeoConfig,
  type GeoFixtureServer,
  startGeoFixtureServer,
} from '../../../test/geo-fixture-server.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { call, type Explorer, idOf, photo, submitQuest } from '../../../test/quest-fixtures.ts';
import { quests } from '../../db/schema.ts';
import { awardedXp, baseXpFromSuggestion } from './quest-xp.ts';

let t: TestApp;
let creator: Explorer;
let places: GeoFixtureServer;
beforeAll(async () => {
  places = await startGeoFixtureServer();
  t = await createTestApp({ geo: fixtureGeoConfig(places.url) });
  creator = await registerVerified(t);
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
