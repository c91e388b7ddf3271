import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quests, users } from '../../src/db/schema.ts';
import type { Storage } from '../../src/plugins/storage.ts';
import { multipart, png, registerVerified } from '../fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helper.ts';
import {
  approvedQuest,
  call,
  type Explorer,
  idOf,
  photo,
  questForm,
  submitTaskProof,
} from '../quest-fixtures.ts';

let t: TestApp;
let explorer: Explorer;
/** The disk "fills up" after this many more files; Infinity = room for everything. */
let room = Number.POSITIVE_INFINITY;

function fillingDisk(local: Storage): Storage {
  return {
    ...local,
    save: async (kind, data, extension) => {
      if (room <= 0)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      room -= 1;
      return local.save(kind, data, extension);
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { storage: fillingDisk });
  explorer = await registerVerified(t);
});
afterAll(() => t.close());

const storedFiles = () => {
  const root = t.config.storageDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
};

describe('a full disk for uploads', () => {
  it('answers 507 for a new avatar and keeps the old one', async () => {
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, idOf(explorer)));
    const files = storedFiles();
    room = 0;
    const form = await multipart([
      { name: 'avatar', file: await png(), filename: 'me.png', type: 'image/png' },
    ]);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/update-user-avatar',
      headers: { ...bearer(explorer.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    room = Number.POSITIVE_INFINITY;
    expect(response.statusCode).toBe(507);
    expect(response.json().message).toMatch(/no room to store this upload/);
    const [after] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, idOf(explorer)));
    expect(after?.avatarUrl).toBe(before?.avatarUrl);
    expect(storedFiles()).toEqual(files);
  });

  it('leaves no quest and no stray photo when the disk fills between two photos', async () => {
    const count = (await t.database.db.select().from(quests)).length;
    const files = storedFiles();
    room = 1;
    const form = await questForm(undefined, [await photo('#e03131'), await photo('#2f9e44')]);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/quests/create-quest',
      headers: { ...bearer(explorer.session.accessToken), ...form.headers },
      payload: form.payload,
    });
    room = Number.POSITIVE_INFINITY;
    expect(response.statusCode).toBe(507);
    expect((await t.database.db.select().from(quests)).length).toBe(count);
    expect(storedFiles()).toEqual(files);
  });

  it('keeps a task waiting for its proof when the proof photos cannot be stored, and takes it once there is room', async () => {
    const questId = await approvedQuest(t, await registerVerified(t));
    expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId })).statusCode).toBe(201);
    const files = storedFiles();
    room = 1;
    const failed = await submitTaskProof(t, explorer, questId, 1, [await photo(), await photo('#f08c00')]);
    room = Number.POSITIVE_INFINITY;
    expect(failed.statusCode).toBe(507);
    expect(storedFiles()).toEqual(files);
    const progress = await call(t, 'GET', `/quest-progress/${questId}`, explorer);
    expect(progress.json().data.completed_tasks).toEqual([]);
    const retried = await submitTaskProof(t, explorer, questId, 1, [await photo()]);
    expect(retried.statusCode).toBe(200);
  });
});
