// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntimeConfig } from './runtime-config.ts';

const defaults = { apiBaseUrl: '/api/v1', mapStyleUrl: null as string | null };

afterEach(() => vi.unstubAllGlobals());

describe('createRuntimeConfig', () => {
  it('answers the defaults until loaded, then the served values over them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ apiBaseUrl: 'https://api.example.com/api/v1', mapStyleUrl: '' })),
    );
    const config = createRuntimeConfig(defaults);
    expect(config.get()).toEqual(defaults);
    await config.load();
    expect(config.get()).toEqual({ apiBaseUrl: 'https://api.example.com/api/v1', mapStyleUrl: null });
  });

  it('keeps the defaults when the file cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    const config = createRuntimeConfig(defaults);
    expect(await config.load()).toEqual(defaults);
  });
});
