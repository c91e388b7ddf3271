import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../app-context.ts';
import { approvedQuestLinks, approvedQuestPreview, countQuests } from '../quests/index.ts';
import { withQuestPreview } from './link-preview.ts';
import {
  explorerRobots,
  PUBLIC_PAGES,
  SITEMAP_LIMIT,
  type SitemapEntry,
  sitemapIndex,
  urlSet,
} from './sitemap.ts';

type PreviewOptions = {
  ctx: Pick<AppContext, 'db' | 'files'>;
  /** The explorer app's index.html as the SPA plugin serves it. */
  indexHtml: string;
  publicOrigin: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * No quest file can start past PostgreSQL's integer range: a larger page number (sitemap-quests-1e20.xml) is
 * simply not there, rather than an OFFSET the database refuses.
 */
const LAST_POSSIBLE_PART = Math.floor(2_147_483_647 / SITEMAP_LIMIT) + 1;
/** Crawlers read these often; an hour old is fresh enough. */
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * What search engines and link previews read of the explorer site (docs/product-rules/quests.md#link-previews):
 * a quest link's page with that quest's title, description and cover photo, the sitemap and robots.txt.
 */
export const linkPreviewsPlugin = fp(async (app: FastifyInstance, options: PreviewOptions) => {
  const { ctx, indexHtml, publicOrigin } = options;
  const questAddress = (id: string) => `${publicOrigin}/quest-overview/${id}`;

  app.get<{ Params: { id: string } }>('/quest-overview/:id', async (request, reply) => {
    const { id } = request.params;
    const quest = UUID.test(id) ? await approvedQuestPreview(ctx.db, id) : undefined;
    const html = quest
      ? withQuestPreview(indexHtml, quest, {
          page: questAddress(quest.id),
          image: ctx.files.ofOptional(quest.cover),
        })
      : indexHtml;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });

  const approvedTotal = async () => (await countQuests(ctx.db, { status: 'approved' }, { offset: 0 })).total;
  const questEntries = async (window: { limit: number; offset: number }): Promise<SitemapEntry[]> =>
    (await approvedQuestLinks(ctx.db, window)).map((quest) => ({
      loc: questAddress(quest.id),
      lastmod: quest.updatedAt,
    }));
  const pageEntries = PUBLIC_PAGES.map((path) => ({ loc: `${publicOrigin}${path}` }));

  // One file while everything fits in a sitemap; beyond that an index of the pages and of quest files.
  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('Cache-Control', CRAWLER_CACHE);
    const quests = await approvedTotal();
    if (quests + pageEntries.length <= SITEMAP_LIMIT) {
      return urlSet([...pageEntries, ...(await questEntries({ limit: SITEMAP_LIMIT, offset: 0 }))]);
    }
    const parts = Math.ceil(quests / SITEMAP_LIMIT);
    return sitemapIndex([
      `${publicOrigin}/sitemap-pages.xml`,
      ...Array.from({ length: parts }, (_, index) => `${publicOrigin}/sitemap-quests-${index + 1}.xml`),
    ]);
  });
  app.get('/sitemap-pages.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CRAWLER_CACHE)
      .send(urlSet(pageEntries)),
  );
  app.get<{ Params: { part: string } }>('/sitemap-quests-:part.xml', async (request, reply) => {
    const part = Number(request.params.part);
    const entries =
      Number.isInteger(part) && part >= 1 && part <= LAST_POSSIBLE_PART
        ? await questEntries({ limit: SITEMAP_LIMIT, offset: (part - 1) * SITEMAP_LIMIT })
        : [];
    if (!entries.length) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CRAWLER_CACHE)
      .send(urlSet(entries));
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', CRAWLER_CACHE)
      .send(explorerRobots(publicOrigin)),
  );
});
