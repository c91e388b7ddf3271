import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSite } from './admin-site.ts';
import { loadConfig } from './config.ts';
import { withRuntimeConfig } from './plugins/spa.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the admin console site', () => {
  let dist: string;
  let site: Awaited<ReturnType<typeof buildAdminSite>>;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admin-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><head><title>CityQuest Admin</title></head>');
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'entry-abc123.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'entry-abc123.js.br'), brotliCompressSync(SCRIPT));
    const config = loadConfig({
      DEV_MODE: '1',
      PUBLIC_ORIGIN: 'http://localhost:8080',
      ADMIN_ORIGIN: 'http://localhost:8081',
      DATA_DIR: dist,
    });
    site = await buildAdminSite(config, dist);
  });
  afterAll(async () => {
    await site.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('lets pages show pictures and call the API on the public origin', async () => {
    const page = await site.inject({ method: 'GET', url: '/admin/users', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toMatch(/img-src [^;]*http:\/\/localhost:8080/);
    expect(policy).toMatch(/connect-src [^;]*http:\/\/localhost:8080/);
  });

  it("sends the build's precompressed asset to browsers that accept it, cached for good", async () => {
    const compressed = await site.inject({
      method: 'GET',
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(SCRIPT);

    const plain = await site.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('embeds its runtime config in every page, so the console needs no request before it starts', async () => {
    const page = await site.inject({ method: 'GET', url: '/admin/quests', headers: { accept: 'text/html' } });
    const block = /<script type="application\/json" id="runtime-config">(.*?)<\/script><\/head>/.exec(
      page.body,
    );
    expect(JSON.parse(block?.[1] ?? 'null')).toMatchObject({
      apiBaseUrl: 'http://localhost:8080/api/v1',
      publicOrigin: 'http://localhost:8080',
    });
  });

  it('keeps an embedded value from closing its block early', () => {
    const html = withRuntimeConfig('<head></head>', { note: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('</script><script>');
    const json = /id="runtime-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ note: '</script><script>alert(1)</script>' });
  });

  it('answers JSON 404 for unknown non-page requests', async () => {
    const missing = await site.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});
