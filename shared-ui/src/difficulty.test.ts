import { describe, expect, it } from 'vitest';
import { difficultyHex } from './difficulty.ts';

describe('difficultyHex', () => {
  it('paints Easy green, Medium amber and Hard red', () => {
    expect([difficultyHex('Easy'), difficultyHex('Medium'), difficultyHex('Hard')]).toEqual([
      '#2f9e44',
      '#f59f00',
      '#e03131',
    ]);
  });
});
