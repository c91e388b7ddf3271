import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRootOf } from '../../src/config.ts';
import { createPrivateFileUrls } from '../../src/plugins/private-files.ts';
import { multipart, png, registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { admin, approvedQuest, call, type Explorer, idOf, submitTaskProof } from '../quest-fixtures.ts';

// Proof photos (an explorer's whereabouts) go to their explorer and admins only, bug screenshots to admins only,
// through signed addresses that expire; avatars, covers and quest photos stay public
// (docs/ops/security.md#private-files).

let t: TestApp;
let guide: Explorer;
let moderator: Explorer;
beforeAll(async () => {
  t = await createTestApp();
  guide = await registerVerified(t);
  moderator = await admin(t);
});
afterAll(() => t.close());

/** Opens a path as given (spellings included), or an answer's absolute address by its path and query. */
const fetchFile = (address: string) => {
  if (address.startsWith('/')) return t.app.inject({ method: 'GET', url: address });
  const { pathname, search } = new URL(address);
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
};
const pathOf = (address: string) => new URL(address, 'http://stored.invalid').pathname;
const SIGNED_PATH =
  /^\/uploads\/(proofs|reports)\/[0-9a-f-]{36}\.webp\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

/** A private file's address: absolute on the API's root, then the path with its expiry and signature. */
function expectSigned(address: string | undefined) {
  const root = apiRootOf(t.config);
  expect(address?.startsWith(`${root}/uploads/`), address).toBe(true);
  expect(address?.slice(root.length)).toMatch(SIGNED_PATH);
}

async function expectImage(url: string) {
  const served = await fetchFile(url);
  expect(served.statusCode, url).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
}

/** An explorer with one proof submitted on a fresh quest; the answer's photo address and the quest id. */
async function explorerWithProof() {
  const explorer = await registerVerified(t);
  const questId = await approvedQuest(t, guide);
  expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId })).statusCode).toBe(201);
  const submitted = await submitTaskProof(t, explorer, questId, 1);
  expect(submitted.statusCode).toBe(200);
  const [url] = submitted.json().data.taskProofs['1'].proofImages as string[];
  if (!url) throw new Error('no proof photo in the answer');
  return { explorer, questId, url };
}

describe('proof photos', () => {
  it('are not served by their stored path, in any spelling', async () => {
    const { url } = await explorerWithProof();
    const path = pathOf(url);
    const bare = await fetchFile(path);
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe('This file can only be opened through a signed address');
    expect(bare.headers['content-type']).toContain('application/json');
    const name = path.slice('/uploads/proofs/'.length);
    for (const alias of [
      `/uploads/PROOFS/${name}`,
      `/uploads/%70roofs/${name}`,
      `/uploads/avatars/../proofs/${name}`,
      `/uploads/avatars/%2e%2e/proofs/${name}`,
      `/uploads//proofs/${name}`,
      `/uploads/proofs/${name}/`,
    ]) {
      const response = await fetchFile(alias);
      expect(response.statusCode, alias).not.toBe(200);
      expect(response.headers['content-type'] ?? '', alias).not.toContain('image/');
    }
  });

  it("come signed in the explorer's own answers and open with that address", async () => {
    const { explorer, questId, url } = await explorerWithProof();
    expectSigned(url);
    // About an hour (PRIVATE_FILE_URL_TTL_SECONDS), rounded up to five minutes so addresses stay cacheable.
    const lifetime = Number(new URLSearchParams(url.split('?')[1]).get('expires')) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(3600 - 5);
    expect(lifetime).toBeLessThanOrEqual(3600 + 300);
    await expectImage(url);

    const progress = (await call(t, 'GET', `/quest-progress/${questId}`, explorer)).json().data;
    const [again] = progress.taskProofs['1'].proofImages as string[];
    expectSigned(again);
    expect(progress.taskProofs['1'].proofFiles[0].url).toBe(again);
    await expectImage(again ?? '');

    const proof = (await call(t, 'GET', `/quest-progress/task-proof/${questId}/1`, explorer)).json().data;
    await expectImage(proof.proofImages[0]);
  });

  it('come signed to admins reviewing them', async () => {
    const { explorer, url } = await explorerWithProof();
    const pending = (await call(t, 'GET', '/admin/proofs/pending?limit=100', moderator)).json().data;
    const entry = pending.proofs.find(
      (item: { user_id: { _id: string } }) => item.user_id._id === idOf(explorer),
    );
    const [moderated] = entry.taskProofs['1'].proofImages as string[];
    expect(pathOf(moderated ?? '')).toBe(pathOf(url));
    expectSigned(moderated);
    await expectImage(moderated ?? '');
  });

  it('refuse an expired, tampered or borrowed signature', async () => {
    const { url } = await explorerWithProof();
    const { url: other } = await explorerWithProof();
    const path = pathOf(url);
    const query = new URLSearchParams(url.split('?')[1]);
    const expires = query.get('expires') ?? '';
    const signature = query.get('signature') ?? '';

    // What the same server handed out two hours ago, with the hour-long lifetime it has by default.
    const hoursAgo = createPrivateFileUrls({
      secret: t.config.jwtSecret,
      ttlSeconds: t.config.privateFileUrlTtlSeconds,
      now: () => Date.now() - 2 * 60 * 60 * 1000,
    }).sign(path);
    const expired = await fetchFile(hoursAgo);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);

    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    // The same 32 bytes spelled differently: the last of 43 base64url characters carries two spare bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.slice(-1)) ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    const otherSecret = createPrivateFileUrls({
      secret: 'another-secret-another-secret-0123456789',
      ttlSeconds: 3600,
    });
    for (const forged of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${expires}&signature=${respelled}`,
      `${path}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${pathOf(other)}?expires=${expires}&signature=${signature}`,
      `${path}?expires=${expires}`,
      `${path}?expires=${expires}&signature=${signature}&signature=${signature}`,
      otherSecret.sign(path),
    ]) {
      const refused = await fetchFile(forged);
      expect(refused.statusCode, forged).toBe(403);
      expect(refused.headers['content-type'], forged).toContain('application/json');
    }
  });
});

describe('bug report screenshots', () => {
  it('open only through the address in an admin answer', async () => {
    const form = await multipart([
      { name: 'email', value: 'asha@example.com' },
      { name: 'subject', value: 'Screenshot of my account page' },
      { name: 'description', value: 'The page shows my home address.' },
      { name: 'stepsToReproduce', value: 'Open settings.' },
      { name: 'attachments', file: await png(), filename: 'screen.png', type: 'image/png' },
    ]);
    const sent = await t.request({ method: 'POST', url: '/api/v1/users/report-bug', ...form });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data._id;

    const explorer = await registerVerified(t);
    expect((await call(t, 'GET', '/admin/reports?type=bug_report', explorer)).statusCode).toBe(403);
    const listed = (await call(t, 'GET', '/admin/reports?type=bug_report&limit=100', moderator)).json().data;
    const report = listed.reports.find((item: { _id: string }) => item._id === id);
    const [url] = report.attachments as string[];
    expectSigned(url);
    expect((await fetchFile(pathOf(url ?? ''))).statusCode).toBe(401);
    await expectImage(url ?? '');
  });
});

describe('public pictures', () => {
  it('avatars, covers and quest photos open by their plain, absolute address', async () => {
    const explorer = await registerVerified(t);
    const me = (await call(t, 'GET', '/users/current-user', explorer)).json().data;
    const questId = await approvedQuest(t, guide);
    const quest = (await call(t, 'GET', `/quests/${questId}`, explorer)).json().data;
    for (const url of [me.avatar, me.coverImage, quest.files[0].file_url] as string[]) {
      expect(url.startsWith(`${t.config.publicFilesUrl}/`), url).toBe(true);
      expect(url.slice(t.config.publicFilesUrl.length)).toMatch(/^\/(avatars|covers|quests)\/[^?]+$/);
      const served = await fetchFile(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\//);
      // Any origin may show them (the admin console on its subdomain, another app).
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });
});
