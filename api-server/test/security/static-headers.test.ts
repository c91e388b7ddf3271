// Static sites (docs/ops/security.md#static-sites-security-headers): both SPAs' pages carry one set of security headers
// (scripts/static-headers.ts), a CSP with frame-ancestors 'none' among them, wherever they are served: by the API
// itself (npm start, EXPLORER_DIST, ADMIN_DIST), by a static host reading the build's dist/_headers, and by the
// nginx example in docs/ops/deployment.md.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  nginxDirectives,
  STATIC_HOST,
  staticSiteHeaders,
} from '../../../scripts/static-headers.ts';
import { staticHeadersPlugin } from '../../../vite.shared.ts';
import { buildAdminSite } from '../../src/admin-site.ts';
import { mapConnectSources } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helper.ts';

const INDEX =
  '<!doctype html><html><head><title>CityQuest</title></head><body><div id="root"></div></body></html>';

/** What every page must carry, whatever serves it. */
function expectPageHeaders(headers: Record<string, unknown>, where: string) {
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy, where).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(policy, where).toMatch(/(^|; )script-src 'self'(;|$)/);
  expect(policy, where).toMatch(/(^|; )object-src 'none'(;|$)/);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
}

async function writeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'spa-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'assets', 'entry-abc123.js'), 'console.log(1);');
  return dist;
}

describe('the definition', () => {
  it('allows only what the apps load: their own scripts, the configured hosts, and no framing', () => {
    const headers = staticSiteHeaders({ sources: ['https://api.example'], upgradeInsecureRequests: false });
    expectPageHeaders(
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
      'definition',
    );
    expect(headers['Content-Security-Policy']).toContain("connect-src 'self' https://api.example;");
    expect(headers['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['Content-Security-Policy']).not.toMatch(/script-src[^;]*(unsafe|https:)/);
    // A static host cannot know the runtime config's hosts: any https one, upgraded.
    expect(contentSecurityPolicy(STATIC_HOST)).toContain("connect-src 'self' https:;");
    expect(contentSecurityPolicy(STATIC_HOST)).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe("each SPA build's dist/_headers", () => {
  it('is emitted by the shared Vite plugin for every path, with every header of the definition', () => {
    const emitted: { type: string; fileName: string; source: string }[] = [];
    const plugin = staticHeadersPlugin();
    expect(plugin.apply).toBe('build');
    const generate = plugin.generateBundle as (this: unknown, ...args: unknown[]) => void;
    generate.call({ emitFile: (file: (typeof emitted)[number]) => emitted.push(file) }, {}, {}, false);
    expect(emitted).toHaveLength(1);
    const [file] = emitted;
    expect(file?.fileName).toBe('_headers');
    expect(file?.source).toBe(headersFile());
    const [first, ...lines] = (file?.source ?? '').trimEnd().split('\n');
    expect(first).toBe('/*');
    const sent = Object.fromEntries(
      lines.map((line) => {
        const [name = '', ...value] = line.trim().split(': ');
        return [name.toLowerCase(), value.join(': ')];
      }),
    );
    expectPageHeaders(sent, '_headers');
    for (const [name, value] of Object.entries(staticSiteHeaders()))
      expect(sent[name.toLowerCase()]).toBe(value);
  });
});

describe('the nginx example of docs/ops/deployment.md', () => {
  it('sends every header of the definition from both static sites', async () => {
    const guide = await readFile(new URL('../../../docs/ops/deployment.md', import.meta.url), 'utf8');
    const nginx = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const sites = nginx.split(/^server \{$/m).filter((block) => /root \/srv\/cityquest\//.test(block));
    expect(sites).toHaveLength(2);
    for (const site of sites) {
      // In the location that serves the pages: a location with add_header of its own drops the server's ones.
      const pages = /location \/ \{([\s\S]*?)\n {4}\}/.exec(site)?.[1] ?? '';
      for (const directive of nginxDirectives()) expect(pages).toContain(directive);
    }
  });
});

describe('the API serving the explorer app (npm start, EXPLORER_DIST)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeDist();
    t = await createTestApp({ explorerDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("sends the definition's headers with index.html, a deep link, a shared quest link and an asset", async () => {
    const expected = staticSiteHeaders({
      sources: mapConnectSources(t.config),
      upgradeInsecureRequests: !t.config.devMode,
    });
    for (const url of [
      '/',
      '/quests/some-deep/link?page=2',
      '/quest-overview/not-an-id',
      '/assets/entry-abc123.js',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(answer.statusCode, url).toBe(200);
      expectPageHeaders(answer.headers, url);
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/quests/some-deep/link',
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('<div id="root"></div>');
  });
});

describe('the admin console site (ADMIN_PORT)', () => {
  let site: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = await writeDist();
    site = await buildAdminSite(
      loadConfig({ NODE_ENV: 'test', DEV_MODE: '1', DATA_DIR: dist, PUBLIC_ORIGIN: 'http://localhost:8080' }),
      dist,
    );
  });
  afterAll(async () => {
    await site?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('cannot be framed: index.html and a deep link carry the headers', async () => {
    for (const url of ['/', '/admin/proofs', '/admin/users?page=3']) {
      const answer = await site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<div id="root"></div>');
      expectPageHeaders(answer.headers, url);
    }
  });
});
