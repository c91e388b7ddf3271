import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBadgeCatalogue } from '../src/modules/badges/badge-awards.ts';
import { createLocalStorage } from '../src/plugins/storage.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { approvedQuest, call, type Explorer, submitTaskProof } from './quest-fixtures.ts';

// Every file address in an answer is absolute, so a client on any origin shows it as it is
// (docs/product-rules/accounts-and-security.md#file-addresses). A CDN for public files and an API on its own
// host show that the addresses follow the configuration; the catalogue cache is on, as in production.

const PUBLIC_FILES = 'https://files.cityquest.test/media';
const API_ROOT = 'https://api.cityquest.test';

let t: TestApp;
let guide: Explorer;
let explorer: Explorer;
let questId: string;
beforeAll(async () => {
  t = await createTestApp({
    publicFilesUrl: PUBLIC_FILES,
    apiPublicUrl: `${API_ROOT}/api/v1`,
    catalogueCacheMs: 60_000,
  });
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
  [guide, explorer] = [await registerVerified(t), await registerVerified(t)];
  questId = await approvedQuest(t, guide);
});
afterAll(() => t.close());

/** An absolute address of a public file of `kind`, on the public files address, unsigned. */
function expectPublic(address: unknown, kind: 'avatars' | 'covers' | 'quests' | 'badges') {
  expect(typeof address, String(address)).toBe('string');
  const url = new URL(address as string);
  expect(url.href.startsWith(`${PUBLIC_FILES}/${kind}/`), url.href).toBe(true);
  expect(url.search).toBe('');
}

describe('file addresses in answers', () => {
  it('are absolute on the public files address for avatars, covers, quest photos and badge images', async () => {
    const me = (await call(t, 'GET', '/users/current-user', explorer)).json().data;
    expectPublic(me.avatar, 'avatars');
    expectPublic(me.coverImage, 'covers');

    // Twice: the second answer comes from the catalogue cache.
    for (let read = 0; read < 2; read++) {
      const quest = (await call(t, 'GET', `/quests/${questId}`, explorer)).json().data;
      expectPublic(quest.files[0].file_url, 'quests');
      expectPublic(quest.submittedBy.avatar, 'avatars');
      const listed = (await call(t, 'GET', '/quests?limit=100', explorer)).json().data.quests;
      const card = listed.find((each: { _id: string }) => each._id === questId);
      expectPublic(card.files[0].file_url, 'quests');
    }

    const badges = (await call(t, 'GET', '/badges', explorer)).json().data as { imageUrl: string | null }[];
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expectPublic(badge.imageUrl, 'badges');
  });

  it('are absolute on the API root and signed for proof photos, and open there', async () => {
    expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId })).statusCode).toBe(201);
    const submitted = await submitTaskProof(t, explorer, questId, 1);
    expect(submitted.statusCode).toBe(200);
    const proof = submitted.json().data.taskProofs['1'];
    const address = new URL(proof.proofImages[0]);
    expect(address.origin).toBe(API_ROOT);
    expect(address.pathname).toMatch(/^\/uploads\/proofs\/[0-9a-f-]{36}\.webp$/);
    expect(address.searchParams.get('expires')).toMatch(/^\d+$/);
    expect(address.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(proof.proofFiles[0].url).toBe(address.href);

    const opened = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
  });
});
