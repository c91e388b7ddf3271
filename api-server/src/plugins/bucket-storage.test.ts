import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, registerVerified } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { approvedQuest, call, submitTaskProof } from '../../test/quest-fixtures.ts';
import { type S3Server, startS3Server } from '../../test/s3-server.ts';
import { bucketAddress, loadConfig } from '../config.ts';
import { createBucketStorage } from './bucket-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

const bucketOf = (storageUrl: string) => {
  const bucket = loadConfig({ DEV_MODE: '1', DATA_DIR: '/tmp/unused', STORAGE_URL: storageUrl }).bucket;
  if (!bucket) throw new Error(`no bucket in ${storageUrl}`);
  return bucket;
};

describe('files in an S3-compatible bucket', () => {
  let storage: Storage;

  beforeAll(() => {
    storage = createBucketStorage(bucketOf(s3.storageUrl));
  });

  afterAll(async () => {
    await storage?.close();
  });

  it('keeps a file under the path the local folder would use, reads it back and removes it', async () => {
    const data = await png(40, 40);
    const path = await storage.save('quests', data, 'png');
    expect(path).toMatch(/^\/uploads\/quests\/[0-9a-f-]{36}\.png$/);
    expect(await storage.read(path)).toEqual(data);
    await storage.remove(path);
    expect(await storage.read(path)).toBeNull();
  });

  it('serves a public file from the bucket address with its type and a long cache life', async () => {
    const data = await png(24, 24);
    const path = await storage.save('avatars', data, 'png');
    const response = await fetch(
      `${bucketAddress(bucketOf(s3.storageUrl))}/${path.slice('/uploads/'.length)}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(data);
  });

  it('answers null for a path it never produced and ignores its removal', async () => {
    expect(await storage.read('/uploads/proofs/../../secrets.json')).toBeNull();
    expect(await storage.read('/uploads/proofs/00000000-0000-4000-8000-000000000000.webp')).toBeNull();
    await expect(storage.remove('/etc/passwd')).resolves.toBeUndefined();
  });

  it('is ready with its bucket and says why not without it', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = createBucketStorage(bucketOf(s3.storageUrl.replace('cityquest-test', 'no-such-bucket')));
    await expect(missing.check()).rejects.toThrow();
    await missing.close();
  });
});

describe('the API on a bucket', () => {
  let t: TestApp;

  beforeAll(async () => {
    const bucket = bucketOf(s3.storageUrl);
    t = await createTestApp({ bucket, publicFilesUrl: bucketAddress(bucket) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers absolute bucket addresses for public files, which the bucket serves and the API does not', async () => {
    const explorer = await registerVerified(t);
    const avatar = explorer.session.user.avatar ?? '';
    expect(avatar.startsWith(`${s3.endpoint}/${s3.bucket}/avatars/`)).toBe(true);
    const fromBucket = await fetch(avatar);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/webp');
    const throughApi = await t.app.inject({
      method: 'GET',
      url: `/uploads/avatars/${avatar.split('/').pop()}`,
    });
    expect(throughApi.statusCode).toBe(404);
  });

  it('serves a proof photo kept in the bucket only through its signed API address', async () => {
    const explorer = await registerVerified(t);
    const questId = await approvedQuest(t, await registerVerified(t));
    expect((await call(t, 'POST', '/quest-progress/start', explorer, { questId })).statusCode).toBeLessThan(
      300,
    );
    const submitted = await submitTaskProof(t, explorer, questId, 1);
    expect(submitted.statusCode).toBe(200);
    const address = new URL(submitted.json().data.taskProofs['1'].proofImages[0] as string);
    expect(address.origin).toBe(new URL(t.config.apiPublicUrl).origin);
    expect(address.pathname).toMatch(/^\/uploads\/proofs\//);

    const signed = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/webp');
    expect(signed.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const bare = await t.app.inject({ method: 'GET', url: address.pathname });
    expect(bare.statusCode).toBe(401);

    // Abandoning the quest deletes its proofs, and their photos leave the bucket with them.
    expect((await call(t, 'DELETE', `/quest-progress/${questId}`, explorer)).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(gone.statusCode).toBe(404);
  });

  it('is ready while the bucket answers', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
  });
});

describe('npm run files:to-bucket', () => {
  const run = promisify(execFile);
  const moveInto = (folder: string, storageUrl: string) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/move-files-to-bucket.ts'], {
      env: { PATH: process.env.PATH, STORAGE_DIR: folder, STORAGE_URL: storageUrl, DATA_DIR: folder },
    });

  it('copies a local folder into the bucket under the same paths, and a second run copies nothing', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cityquest-move-'));
    try {
      const local = createLocalStorage(folder);
      const cover = await png(30, 20);
      const proof = await png(20, 30);
      const paths = [await local.save('quests', cover, 'png'), await local.save('proofs', proof, 'png')];
      await writeFile(join(folder, 'quests', 'notes.txt'), 'not an upload');

      const first = await moveInto(folder, s3.storageUrl);
      expect(first.stdout).toContain('Done: 2 copied, 0 already in the bucket, 1 not made by CityQuest');
      expect(first.stdout).toContain('left out: quests/notes.txt');
      const bucket = createBucketStorage(bucketOf(s3.storageUrl));
      expect(await bucket.read(paths[0] ?? '')).toEqual(cover);
      expect(await bucket.read(paths[1] ?? '')).toEqual(proof);
      await bucket.close();

      const again = await moveInto(folder, s3.storageUrl);
      expect(again.stdout).toContain('Done: 0 copied, 2 already in the bucket');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses to run without a bucket to copy into', async () => {
    const failed = await moveInto('/tmp/unused', '').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('STORAGE_URL must name the bucket'),
    });
  });
});
