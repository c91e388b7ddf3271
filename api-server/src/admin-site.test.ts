import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSite } from './admin-site.ts';
import { loadConfig } from './config.ts';

describe('the admin console site', () => {
  let dist: string;
  let site: Awaited<ReturnType<typeof buildAdminSite>>;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'admin-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>CityQuest Admin</title>');
    const config = loadConfig({
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

  it('answers JSON 404 for unknown non-page requests', async () => {
    const missing = await site.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});
