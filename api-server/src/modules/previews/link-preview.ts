import type { QuestPreview } from '../quests/index.ts';

/** Text as an HTML attribute value or element text may hold it: markup and quotes escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const DESCRIPTION_LENGTH = 200;

/** The description cut at a word near 200 characters, whitespace folded, as previews show it. */
export function previewDescription(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= DESCRIPTION_LENGTH) return folded;
  const cut = folded.slice(0, DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The SPA's index.html as a shared quest link answers it (docs/product-rules/quests.md#link-previews): its
 * title and description replaced by the quest's, and Open Graph and Twitter card tags for the link previews
 * of chats and social sites, which read the page without running its script.
 */
export function withQuestPreview(
  indexHtml: string,
  quest: QuestPreview,
  addresses: { page: string; image: string | null },
): string {
  const title = escapeHtml(`${quest.title} · CityQuest`);
  const description = escapeHtml(previewDescription(quest.description));
  const tags = [
    ['og:type', 'article'],
    ['og:site_name', 'CityQuest'],
    ['og:title', escapeHtml(quest.title)],
    ['og:description', description],
    ['og:url', escapeHtml(addresses.page)],
    ...(addresses.image ? [['og:image', escapeHtml(addresses.image)]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${content}" />`)
    .concat(
      [
        ['twitter:card', addresses.image ? 'summary_large_image' : 'summary'],
        ['twitter:title', escapeHtml(quest.title)],
        ['twitter:description', description],
        ...(addresses.image ? [['twitter:image', escapeHtml(addresses.image)]] : []),
      ].map(([name, content]) => `<meta name="${name}" content="${content}" />`),
    )
    .join('');
  // Replacer functions, never replacement strings: in those, `$&`, `$\`` and `$'` in a quest's own text would
  // splice parts of the page into it.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `<link rel="canonical" href="${escapeHtml(addresses.page)}" />${tags}</head>`);
}
