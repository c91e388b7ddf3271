/**
 * Bits that may differ between two views for them to count as the same picture. Copies made by resizing,
 * recompressing and 5% crops measure 0-4 apart, different photos (the same landmark included) 13 or more
 * (docs/product-rules/moderation.md#duplicate-photos).
 */
export const NEAR_COPY_BITS = 7;

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
