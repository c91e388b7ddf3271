import { describe, expect, it } from 'vitest';
import { createPositionHistory, lsnValue } from './replicas.ts';

describe('replica lag from the primary’s positions', () => {
  it('is zero when caught up, and the time since the newest position replayed otherwise', () => {
    const history = createPositionHistory(10_000);
    history.record(1000, lsnValue('0/100'));
    history.record(2000, lsnValue('0/200'));
    history.record(3000, lsnValue('1/0'));
    expect(history.lagOf(lsnValue('1/0'), 3500)).toBe(0);
    // Replayed past 0/200 but not 1/0: it surely holds what the primary had at 2000 ms, and maybe no more.
    expect(history.lagOf(lsnValue('0/250'), 3500)).toBe(1500);
    expect(history.lagOf(lsnValue('0/100'), 3500)).toBe(2500);
    expect(history.lagOf(lsnValue('0/50'), 3500)).toBeUndefined();
  });

  it('orders positions by both halves', () => {
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });
});
