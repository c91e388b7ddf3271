import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { mediaUrl } from './media-url.ts';

async function withApiBase(apiBaseUrl: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ apiBaseUrl }), { status: 200 }));
  await loadConfig();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mediaUrl', () => {
  it('keeps upload paths on the same origin when the API is same-origin', async () => {
    await withApiBase('/api/v1');
    expect(mediaUrl('/uploads/proofs/a1.webp')).toBe('/uploads/proofs/a1.webp');
  });

  it('serves upload paths from the API origin when the API lives elsewhere', async () => {
    await withApiBase('https://api.cityquest.example/api/v1');
    expect(mediaUrl('/uploads/proofs/a1.webp')).toBe('https://api.cityquest.example/uploads/proofs/a1.webp');
  });

  it('leaves absolute addresses alone', async () => {
    await withApiBase('https://api.cityquest.example/api/v1');
    expect(mediaUrl('https://cdn.example/a1.webp')).toBe('https://cdn.example/a1.webp');
  });
});
