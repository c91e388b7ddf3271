import { describe, expect, it } from 'vitest';
import { shownTotal } from './shown-total.ts';

describe('shownTotal', () => {
  it('groups digits by locale and marks a capped total with a plus', () => {
    expect(shownTotal(1000, true, 'en')).toBe('1,000+');
    expect(shownTotal(1234, false, 'en')).toBe('1,234');
    expect(shownTotal(7, false, 'en')).toBe('7');
    expect(shownTotal(1000, true, 'fr')).toBe('1\u202f000+');
  });
});
