import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { quests, type Role, users } from '../src/db/schema.ts';
import { jpegWithExif, multipart, type Part, registerVerified } from './fixtures.ts';
import { bearer, type TestApp } from './helper.ts';
import { gpsDirectory } from './photo-set.ts';

export type Explorer = Awaited<ReturnType<typeof registerVerified>>;

export const idOf = (who: Explorer) => who.session.user._id;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in call to /api/v1 (every answer checked against the contract by t.request). */
export function call(t: TestApp, method: Method, url: string, who: Explorer, payload?: object) {
  return t.request({
    method,
    url: `/api/v1${url}`,
    headers: bearer(who.session.accessToken),
    ...(payload ? { payload } : {}),
  });
}

export async function withRole(t: TestApp, who: Explorer, role: Role): Promise<Explorer> {
  await t.database.db
    .update(users)
    .set({ role })
    .where(eq(users.id, idOf(who)));
  return who;
}

export const admin = async (t: TestApp) => withRole(t, await registerVerified(t), 'admin');

export type QuestFields = Record<string, string>;

/** The create form's fields for a small Delhi quest: 3 tasks, a route of 2 waypoints. */
export function questFields(overrides: QuestFields = {}): QuestFields {
  return {
    title: 'Murals of Lodhi Colony',
    subtitle: "India's first open-air art district",
    category: 'Art',
    difficulty: 'Hard',
    description: 'Walk the lanes of Lodhi Colony and find its most famous murals.',
    address: 'Lodhi Colony Market',
    city: 'New Delhi',
    pincode: '110003',
    startLocation: JSON.stringify({ lat: 28.5879, lng: 77.2205, name: 'Lodhi Colony Market' }),
    endLocation: JSON.stringify({ lat: 28.5861, lng: 77.2247 }),
    xp: '60',
    tags: 'Street Art, walking, street art, ',
    proofInstructions: 'Photograph each mural with its signature visible.',
    accessibilityNotes: 'Flat lanes with step-free kerbs; benches in the shade.',
    tasks: JSON.stringify([
      'Find the mural of the blue elephant.',
      { description: 'Photograph the giant hands.', hint: 'Near Meherchand Market.' },
      '   ',
      'Find the mural with the tiger.',
    ]),
    tips: JSON.stringify(['  Go early in the morning.  ', '', 'Carry water.']),
    waypoints: JSON.stringify([
      { lat: 28.5884, lng: 77.2215, name: 'Blue Elephant', address: 'Block 11', id: 'form-1' },
      { lat: '28.5869', lng: 77.2231 },
    ]),
    ...overrides,
  };
}

export function photo(color = '#1c7ed6', width = 80, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function questForm(fields: QuestFields = questFields(), photos?: Buffer[]) {
  const files = photos ?? [await jpegWithExif(), await photo()];
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((file, index) => ({
      name: 'photos',
      file,
      filename: `photo-${index}.jpg`,
      type: 'image/jpeg',
    })),
  ];
  return multipart(parts);
}

export async function submitQuest(t: TestApp, who: Explorer, overrides: QuestFields = {}, photos?: Buffer[]) {
  const form = await questForm(questFields(overrides), photos);
  return t.request({
    method: 'POST',
    url: '/api/v1/quests/create-quest',
    headers: { ...bearer(who.session.accessToken), ...form.headers },
    payload: form.payload,
  });
}

/** Creates a quest through the API and approves it in the database (approval is the admin module's call). */
export async function approvedQuest(
  t: TestApp,
  who: Explorer,
  overrides: QuestFields = {},
  photos?: Buffer[],
): Promise<string> {
  const response = await submitQuest(t, who, overrides, photos);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  const id = response.json().data._id as string;
  await t.database.db.update(quests).set({ status: 'approved' }).where(eq(quests.id, id));
  return id;
}

/**
 * PATCH /admin/quests/{id}/approve as the console sends it: with the quest's `updatedAt` as the caller read it
 * just before (an unknown quest, which has none, is sent the epoch).
 */
export async function approveAsRead(t: TestApp, who: Explorer, id: string, body: object = {}) {
  const read = await call(t, 'GET', `/quests/${id}`, who);
  const seenUpdatedAt: string =
    read.statusCode === 200 ? read.json().data.updatedAt : new Date(0).toISOString();
  return call(t, 'PATCH', `/admin/quests/${id}/approve`, who, { ...body, seenUpdatedAt });
}

/** A JPEG whose EXIF carries a GPS position and a capture time (sharp writes the GPS IFD as IFD3). */
export function jpegWithGps(lat: number, lng: number, takenAt = '2026:03:14 09:26:53'): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: '#c87828' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD2: { DateTimeOriginal: takenAt },
      IFD3: gpsDirectory({ lat, lng }),
    })
    .toBuffer();
}

export async function proofForm(images: Buffer[], notes?: string, fields: Record<string, string> = {}) {
  return multipart([
    ...images.map((file, index) => ({
      name: 'proofImages',
      file,
      filename: `proof-${index}.jpg`,
      type: 'image/jpeg',
    })),
    ...(notes === undefined ? [] : [{ name: 'notes', value: notes }]),
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
}

export async function submitTaskProof(
  t: TestApp,
  who: Explorer,
  questId: string,
  order: number,
  images?: Buffer[],
  notes = 'Here it is.',
  fields: Record<string, string> = {},
) {
  const form = await proofForm(images ?? [await photo('#2f9e44')], notes, fields);
  return t.request({
    method: 'POST',
    url: `/api/v1/quest-progress/task-proof/${questId}/${order}`,
    headers: { ...bearer(who.session.accessToken), ...form.headers },
    payload: form.payload,
  });
}
