// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './browser.ts';

const defaults = { apiBaseUrl: '/api/v1', adminOrigin: '' };

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'runtime-config';
  element.textContent = text;
  document.head.append(element);
}

describe('loadRuntimeConfig', () => {
  afterEach(() => {
    document.getElementById('runtime-config')?.remove();
    vi.unstubAllGlobals();
  });

  it('reads the config embedded in index.html without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    embed('{"apiBaseUrl":"https://api.example.test/api/v1","adminOrigin":""}');
    expect(await loadRuntimeConfig(defaults)).toEqual({
      apiBaseUrl: 'https://api.example.test/api/v1',
      adminOrigin: '',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches /config.json when nothing is embedded (the dev server)', async () => {
    const fetch = vi.fn(async () => Response.json({ adminOrigin: 'http://admin.example.test' }));
    vi.stubGlobal('fetch', fetch);
    expect(await loadRuntimeConfig(defaults)).toEqual({
      apiBaseUrl: '/api/v1',
      adminOrigin: 'http://admin.example.test',
    });
    expect(fetch).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
  });

  it('falls back to the defaults when the config is unreadable', async () => {
    embed('{not json');
    expect(await loadRuntimeConfig(defaults)).toEqual(defaults);
    document.getElementById('runtime-config')?.remove();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    expect(await loadRuntimeConfig(defaults)).toEqual(defaults);
  });
});
