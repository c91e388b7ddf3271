import { describe, expect, it } from 'vitest';
import { oneOf, pageParam, textParam } from './search-params.ts';

describe('list search readers', () => {
  it('keep a page above the first and drop anything else', () => {
    expect(pageParam(3)).toBe(3);
    expect(pageParam('4')).toBe(4);
    for (const bad of [1, 0, -2, 2.5, 'two', null, undefined]) expect(pageParam(bad)).toBeUndefined();
  });

  it('keep only a listed choice', () => {
    expect(oneOf(['Easy', 'Hard'] as const, 'Hard')).toBe('Hard');
    expect(oneOf(['Easy', 'Hard'] as const, 'hard')).toBeUndefined();
  });

  it('keep trimmed, bounded text and drop empty text', () => {
    expect(textParam('  stepwell ')).toBe('stepwell');
    expect(textParam(' ')).toBeUndefined();
    expect(textParam('x'.repeat(300))).toHaveLength(200);
    expect(textParam({})).toBeUndefined();
  });
});
