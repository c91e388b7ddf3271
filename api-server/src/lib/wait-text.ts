const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A wait as a 429 message words it: "45 seconds", "1 minute", "23 hours" (rounded up, never "0"). */
export function waitText(ms: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (ms < MINUTE_MS) return plural(Math.max(1, Math.ceil(ms / 1000)), 'second');
  if (ms < HOUR_MS) return plural(Math.ceil(ms / MINUTE_MS), 'minute');
  return plural(Math.ceil(ms / HOUR_MS), 'hour');
}
