import { timingSafeEqual } from 'node:crypto';

/** Whether a caller's secret is the expected one, compared in constant time so answer times tell nothing. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
