import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { png } from '../../test/fixtures.ts';
import { landmarkPhoto, withGpsAndTime } from '../../test/photo-set.ts';
import { HttpError } from './http-error.ts';
import { createImagePool } from './image-pool.ts';
import { perceptualHashes } from './perceptual-hash.ts';

const pool = createImagePool({ threads: 1, queue: 1 });
afterAll(() => pool.close());

describe('the image worker pool', () => {
  it('re-encodes a photo on a worker and reads the position, time and hashes its original carried', async () => {
    const takenAt = new Date('2026-05-01T09:30:00Z');
    const photo = await withGpsAndTime(await landmarkPhoto(0, 0), { lat: 28.6129, lng: 77.2295 }, takenAt);
    const prepared = await pool.prepare(photo, { maxSide: 100, metadata: true, hashes: true });

    expect(prepared.processed.contentType).toBe('image/webp');
    const stored = await sharp(prepared.processed.data).metadata();
    expect(stored.format).toBe('webp');
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeLessThanOrEqual(100);
    expect(stored.exif).toBeUndefined();
    expect(prepared.metadata?.lat).toBeCloseTo(28.6129, 3);
    expect(prepared.metadata?.lng).toBeCloseTo(77.2295, 3);
    expect(prepared.metadata?.takenAt?.toISOString()).toBe(takenAt.toISOString());
    expect(prepared.hashes).toEqual(await perceptualHashes(photo));
  });

  it('refuses bytes that are not an image, as the upload routes answer them', async () => {
    const refusal = await pool.prepare(Buffer.from('not a picture at all'), { maxSide: 100 }).catch((e) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect([400, 415]).toContain((refusal as HttpError).statusCode);
  });

  it('turns a burst past its queue away with 503 and Retry-After, and takes work again once it drains', async () => {
    const photo = await png(1200, 900);
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, () => pool.prepare(photo, { maxSide: 800 })),
    );
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(answers.some((answer) => answer.status === 'fulfilled')).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      const error = (answer as PromiseRejectedResult).reason as HttpError;
      expect(error.statusCode).toBe(503);
      expect(Number(error.headers['Retry-After'])).toBeGreaterThan(0);
    }
    await expect(pool.prepare(photo, { maxSide: 800 })).resolves.toHaveProperty('processed');
  });
});
