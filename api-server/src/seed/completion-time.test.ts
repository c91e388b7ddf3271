import { describe, expect, it } from 'vitest';
import { utcDay } from '../modules/progress/completion.ts';
import { completionTime } from './demo-city.ts';

describe('demo completion times', () => {
  it.each(['2026-11-23T00:00:20Z', '2026-11-23T03:39:00Z', '2026-11-23T12:00:00Z', '2026-11-23T23:59:50Z'])(
    'put "n days ago" on the n-th previous UTC day and never in the future, seeding at %s',
    (seededAt) => {
      const now = Date.parse(seededAt);
      const days = [5, 4, 3, 2, 1, 0].map((daysAgo) => completionTime(now, daysAgo));
      expect(days.every((at) => at <= now)).toBe(true);
      expect(days.map((at) => utcDay(new Date(at)))).toEqual([
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
      ]);
    },
  );
});
