import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says just now under a minute, then minutes, hours and days', () => {
    const options = { locale: 'en', justNow: 'just now', now };
    expect(relativeTime(ago(59), options)).toBe('just now');
    expect(relativeTime(ago(60), options)).toBe('1 minute ago');
    expect(relativeTime(ago(3 * 3600 + 5), options)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 86_400).toISOString(), options)).toBe('2 days ago');
  });

  it('speaks the user language', () => {
    expect(relativeTime(ago(120), { locale: 'fr', justNow: "à l'instant", now })).toBe('il y a 2 minutes');
  });
});
