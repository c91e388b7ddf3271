// Uploads' image work runs on a bounded pool of worker threads (lib/image-pool.ts): a burst past its queue is
// turned away at once with 503 and Retry-After, keeps nothing of the refused uploads, and the server takes
// uploads again as soon as the queue drains (docs/ops/uploads.md).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png, registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  // Registration sends two pictures at once: a queue of two lets it through, and a burst of eight does not.
  t = await createTestApp({ imageWork: { threads: 1, queue: 2 } });
});
afterAll(() => t.close());

async function storedAvatars(): Promise<number> {
  return (await readdir(join(t.config.storageDir, 'avatars')).catch(() => [])).length;
}

describe('uploads under a burst', () => {
  it('answers 503 with Retry-After past the queue, stores only what it accepted, then accepts again', async () => {
    const me = await registerVerified(t);
    const picture = await png(1600, 1200);
    const upload = async () => {
      const form = await multipart([
        { name: 'avatar', file: picture, filename: 'me.png', type: 'image/png' },
      ]);
      return t.request({
        method: 'POST',
        url: '/api/v1/users/update-user-avatar',
        headers: { authorization: `Bearer ${me.session.accessToken}`, ...form.headers },
        payload: form.payload,
      });
    };
    const before = await storedAvatars();
    const answers = await Promise.all(Array.from({ length: 8 }, upload));
    const refused = answers.filter((answer) => answer.statusCode === 503);
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(refused.length + accepted.length).toBe(answers.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().message).toMatch(/busy/i);
    }
    // Each accepted upload replaced the one before it; no refused one left a file.
    expect(await storedAvatars()).toBe(before);

    expect((await upload()).statusCode).toBe(200);
  });
});
