const UNITS = ['bytes', 'kb', 'mb', 'gb'] as const;
export type SizeUnit = (typeof UNITS)[number];

/**
 * A file size in Bytes, KB, MB or GB (1024 each), at most two decimals
 * (docs/product-rules/admin-screens.md#proof-verification-screen).
 */
export function fileSize(bytes: number): { unit: SizeUnit; value: string } {
  let index = 0;
  let value = Math.max(0, bytes);
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  return { unit: UNITS[index] ?? 'bytes', value: String(Number.parseFloat(value.toFixed(2))) };
}
