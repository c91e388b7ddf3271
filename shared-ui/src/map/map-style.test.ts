import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_URL, OFFLINE_STYLE, resolveMapStyle } from './map-style.ts';

describe('resolveMapStyle', () => {
  it('uses the configured style, the free default when unset, and the offline style on request', () => {
    expect(resolveMapStyle('https://tiles.example.com/style.json')).toBe(
      'https://tiles.example.com/style.json',
    );
    expect(resolveMapStyle(null)).toBe(DEFAULT_STYLE_URL);
    expect(resolveMapStyle('offline')).toBe(OFFLINE_STYLE);
    expect(OFFLINE_STYLE.layers.every((layer) => layer.type === 'background')).toBe(true);
  });
});
