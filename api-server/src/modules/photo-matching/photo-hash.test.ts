import { describe, expect, it } from 'vitest';
import { copiesOf, LANDMARKS, landmarkPhoto } from '../../../test/photo-set.ts';
import { perceptualHashes } from '../../lib/perceptual-hash.ts';
import { bandProbes, bandsOf, hammingDistance, NEAR_COPY_BITS } from './photo-hash.ts';

const VIEWS = 3;
const closest = (a: readonly bigint[], b: readonly bigint[]) =>
  Math.min(...a.flatMap((x) => b.map((y) => hammingDistance(x, y))));

describe('duplicate photos', () => {
  it('matches every copy of a photo and no two different photos, the same landmark included', async () => {
    const originals: { landmark: number; hashes: bigint[] }[] = [];
    const copies: { kind: string; distance: number }[] = [];
    for (let landmark = 0; landmark < LANDMARKS; landmark += 1) {
      for (let view = 0; view < VIEWS; view += 1) {
        const photo = await landmarkPhoto(landmark, view);
        const hashes = await perceptualHashes(photo);
        originals.push({ landmark, hashes });
        for (const [kind, copy] of Object.entries(await copiesOf(photo))) {
          copies.push({ kind, distance: closest(hashes, await perceptualHashes(copy)) });
        }
      }
    }
    const different: { sameLandmark: boolean; distance: number }[] = [];
    originals.forEach((one, index) => {
      for (const other of originals.slice(index + 1)) {
        different.push({
          sameLandmark: one.landmark === other.landmark,
          distance: closest(one.hashes, other.hashes),
        });
      }
    });
    const matched = copies.filter((copy) => copy.distance <= NEAR_COPY_BITS);
    const falseMatches = different.filter((pair) => pair.distance <= NEAR_COPY_BITS);
    // The figures in docs/guide/using-cityquest.md come from this run.
    console.info(
      `duplicate check: ${matched.length}/${copies.length} copies matched (farthest ${Math.max(...copies.map((c) => c.distance))} bits), ` +
        `${falseMatches.length}/${different.length} different pairs matched ` +
        `(closest ${Math.min(...different.map((d) => d.distance))} bits; same landmark closest ${Math.min(...different.filter((d) => d.sameLandmark).map((d) => d.distance))})`,
    );
    expect(copies).toHaveLength(LANDMARKS * VIEWS * 6);
    expect(copies.filter((copy) => copy.distance > NEAR_COPY_BITS)).toEqual([]);
    expect(different.filter((pair) => pair.sameLandmark)).toHaveLength(LANDMARKS * 3);
    expect(falseMatches).toEqual([]);
  }, 120_000);

  it('finds through the bands every hash within the near-copy distance', () => {
    let state = 7n;
    const next = () => {
      state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      return BigInt.asIntN(64, state);
    };
    for (let trial = 0; trial < 300; trial += 1) {
      const stored = next();
      let query = stored;
      const flips = 1 + (trial % NEAR_COPY_BITS);
      for (let flip = 0; flip < flips; flip += 1) query ^= 1n << BigInt(Number(next() & 63n));
      const probes = bandProbes([query]);
      const found = bandsOf(stored).some((value, band) => probes[band]?.includes(value));
      expect([hammingDistance(stored, query) <= NEAR_COPY_BITS, found]).toEqual([true, true]);
    }
  });

  it('hashes nothing it cannot read', async () => {
    expect(await perceptualHashes(Buffer.from('not an image'))).toEqual([]);
  });
});
