import { escapeHtml } from './link-preview.ts';

/** The explorer app's public pages a search engine may list (the rest need an account). */
export const PUBLIC_PAGES = [
  '/',
  '/explore',
  '/compass',
  '/about-us',
  '/contact-us',
  '/support',
  '/privacy',
  '/terms',
];

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

export type SitemapEntry = { loc: string; lastmod?: Date };

export function urlSet(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      ({ loc, lastmod }) =>
        `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

export function sitemapIndex(locations: string[]): string {
  const sitemaps = locations.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemaps}</sitemapindex>`;
}

/** robots.txt of the explorer site: everything but the API, and where the sitemap is. */
export function explorerRobots(publicOrigin: string): string {
  return `User-agent: *\nDisallow: /api/\nAllow: /\nSitemap: ${publicOrigin}/sitemap.xml\n`;
}
