import { describe, expect, it } from 'vitest';
import { pincodeDigits } from './pincode.ts';

describe('a pincode box', () => {
  it('keeps the digits of what was typed or found, at most 10', () => {
    expect(pincodeDigits('110 003-4567890')).toBe('1100034567');
    expect(pincodeDigits('SW1A 1AA')).toBe('11');
    expect(pincodeDigits('')).toBe('');
  });
});
