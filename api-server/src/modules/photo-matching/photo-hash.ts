import sharp from 'sharp';
import phash from 'sharp-phash';

/**
 * Bits that may differ between two views for them to count as the same picture. Copies made by resizing,
 * recompressing and 5% crops measure 0-4 apart, different photos (the same landmark included) 13 or more
 * (docs/product-rules/moderation.md#duplicate-photos).
 */
export const NEAR_COPY_BITS = 7;

/** The hashed views: the whole picture, and 95% of it from each corner and the centre, so crops line up. */
const VIEW_SIDE = 256;
const CROP_SIDE = Math.round(VIEW_SIDE * 0.95);
const CROP_ORIGINS: readonly (readonly [number, number])[] = (() => {
  const far = VIEW_SIDE - CROP_SIDE;
  const middle = Math.round(far / 2);
  return [
    [0, 0],
    [far, 0],
    [0, far],
    [far, far],
    [middle, middle],
  ];
})();

const toSigned = (bits: string): bigint => BigInt.asIntN(64, BigInt(`0b${bits}`));

/**
 * The perceptual hashes (pHash, 64 bits, signed as PostgreSQL's bigint holds them) of a photo's views; none
 * when the bytes are not an image sharp can read.
 */
export async function perceptualHashes(data: Buffer): Promise<bigint[]> {
  let view: Buffer;
  try {
    view = await sharp(data)
      .rotate()
      .resize(VIEW_SIDE, VIEW_SIDE, { fit: 'fill' })
      .greyscale()
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch {
    return [];
  }
  const crops = CROP_ORIGINS.map(([left, top]) =>
    sharp(view)
      .extract({ left, top, width: CROP_SIDE, height: CROP_SIDE })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
  const views = [view, ...(await Promise.all(crops))];
  return (await Promise.all(views.map((bytes) => phash(bytes)))).map(toSigned);
}

export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest) {
    rest &= rest - 1n;
    count += 1;
  }
  return count;
}

/** The hash's four 16-bit bands, the indexed columns. */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const bits = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((band) => Number((bits >> BigInt(16 * band)) & 0xffffn)) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * Band values to look up for hashes at most NEAR_COPY_BITS (7) apart: 7 differing bits across four bands leave
 * one band with at most one, so each band is probed as it is and with each of its bits flipped.
 */
export function bandProbes(hashes: readonly bigint[]): [number[], number[], number[], number[]] {
  const probes: [Set<number>, Set<number>, Set<number>, Set<number>] = [
    new Set(),
    new Set(),
    new Set(),
    new Set(),
  ];
  for (const hash of hashes) {
    bandsOf(hash).forEach((value, band) => {
      probes[band]?.add(value);
      for (let bit = 0; bit < 16; bit += 1) probes[band]?.add(value ^ (1 << bit));
    });
  }
  return probes.map((set) => [...set]) as [number[], number[], number[], number[]];
}
