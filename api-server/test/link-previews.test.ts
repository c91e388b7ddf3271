import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quests } from '../src/db/schema.ts';
import { previewDescription } from '../src/modules/previews/link-preview.ts';
import { sitemapIndex, urlSet } from '../src/modules/previews/sitemap.ts';
import { registerVerified } from './fixtures.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { approvedQuest, submitQuest } from './quest-fixtures.ts';

// Shared quest links, the sitemap and robots.txt as crawlers and link previews read them
// (docs/product-rules/quests.md#link-previews). The explorer build is stood in for by an index.html shaped like
// the one Vite writes.

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="CityQuest: discover location-based quests in your city." />
    <title>CityQuest</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const TRICKY_TITLE = `Tom's "Best" <Fort> & walls`;

let t: TestApp;
let dist: string;
let approved: string;
let pending: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'explorer-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  t = await createTestApp({ explorerDist: dist, publicOrigin: 'https://cityquest.example' });
  const creator = await registerVerified(t);
  approved = await approvedQuest(t, creator, {
    title: TRICKY_TITLE,
    description: `A walk along the <b>old</b> walls & gates. ${'Stone and shade. '.repeat(30)}`,
  });
  pending = (await submitQuest(t, creator, { title: 'Still waiting for review' })).json().data._id;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('a shared quest link', () => {
  it("carries an approved quest's title, description and cover photo, escaped", async () => {
    const answer = await page(`/quest-overview/${approved}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const html = answer.body;
    const escapedTitle = 'Tom&#39;s &quot;Best&quot; &lt;Fort&gt; &amp; walls';
    expect(html).toContain(`<title>${escapedTitle} · CityQuest</title>`);
    expect(metaOf(html, 'og:title')).toBe(escapedTitle);
    expect(metaOf(html, 'twitter:title')).toBe(escapedTitle);
    expect(html).not.toContain('<Fort>');
    expect(html).not.toContain('<b>old</b>');
    const description = metaOf(html, 'og:description') ?? '';
    expect(description.startsWith('A walk along the &lt;b&gt;old&lt;/b&gt; walls &amp; gates.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(metaOf(html, 'description')).toBe(description);
    expect(metaOf(html, 'og:url')).toBe(`https://cityquest.example/quest-overview/${approved}`);
    expect(metaOf(html, 'og:image')).toMatch(/^https?:\/\/.+\/uploads\/quests\/.+/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // Still the app's page: the app renders the quest once its script runs.
    expect(html).toContain('<div id="root"></div>');
  });

  it("shows a title holding a replacement pattern (x$`y, $&, $') literally", async () => {
    const creator = await registerVerified(t);
    const title = "x$`y and $& and $' walk";
    const id = await approvedQuest(t, creator, { title });
    const html = (await page(`/quest-overview/${id}`)).body;
    const escaped = 'x$`y and $&amp; and $&#39; walk';
    expect(html).toContain(`<title>${escaped} · CityQuest</title>`);
    expect(metaOf(html, 'og:title')).toBe(escaped);
    expect(metaOf(html, 'twitter:title')).toBe(escaped);
    // The page's head is there once, never spliced into an attribute.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  });

  it('is the plain page for a pending, unknown or malformed quest', async () => {
    for (const id of [pending, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await page(`/quest-overview/${id}`);
      expect(answer.statusCode, id).toBe(200);
      expect(answer.body, id).toContain('<title>CityQuest</title>');
      expect(metaOf(answer.body, 'og:title'), id).toBeUndefined();
    }
  });
});

describe('the sitemap and robots.txt', () => {
  it('list the public pages and approved quests only', async () => {
    const answer = await page('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const xml = answer.body;
    expect(xml).toContain('<loc>https://cityquest.example/</loc>');
    expect(xml).toContain('<loc>https://cityquest.example/explore</loc>');
    expect(xml).toContain(`<loc>https://cityquest.example/quest-overview/${approved}</loc>`);
    expect(xml).not.toContain(pending);
    expect(xml).not.toContain('/api/');
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, approved));
    expect(xml).toContain(`<lastmod>${row?.updatedAt.toISOString()}</lastmod>`);
  });

  it('robots.txt keeps crawlers out of the API and names the sitemap', async () => {
    const answer = await page('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      'Allow: /',
      'Sitemap: https://cityquest.example/sitemap.xml',
      '',
    ]);
  });

  it('past 50,000 addresses, the sitemap is an index of files', () => {
    expect(
      sitemapIndex(['https://x.example/sitemap-pages.xml', 'https://x.example/sitemap-quests-1.xml']),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<sitemap><loc>https://x.example/sitemap-pages.xml</loc></sitemap>' +
        '<sitemap><loc>https://x.example/sitemap-quests-1.xml</loc></sitemap></sitemapindex>',
    );
    expect(urlSet([{ loc: 'https://x.example/a?b=1&c=2' }])).toContain(
      '<loc>https://x.example/a?b=1&amp;c=2</loc>',
    );
  });

  it('answers 404 for a quest file past the last', async () => {
    expect((await page('/sitemap-quests-2.xml')).statusCode).toBe(404);
    expect((await page('/sitemap-quests-1.xml')).body).toContain(approved);
  });

  it('answers 404, not a failed query, for a page number past any database offset', async () => {
    for (const part of ['1e20', '99999999999999', '9007199254740993', '42950', '1e400']) {
      expect((await page(`/sitemap-quests-${part}.xml`)).statusCode, part).toBe(404);
    }
  });
});

describe('previewDescription', () => {
  it('folds whitespace and cuts near 200 characters at a word', () => {
    expect(previewDescription('  Short\n\n walk ')).toBe('Short walk');
    const long = previewDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
  });
});
