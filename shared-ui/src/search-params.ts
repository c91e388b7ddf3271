/**
 * Readers for list screens' URL search (`validateSearch`): each answers undefined for a missing or unusable value,
 * so a hand-edited or stale link falls back to the screen's default instead of failing.
 */
export function pageParam(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

export function oneOf<T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return choices.includes(value as T) ? (value as T) : undefined;
}

export function textParam(value: unknown, maxLength = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().slice(0, maxLength);
  return text === '' ? undefined : text;
}
