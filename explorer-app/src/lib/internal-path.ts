const ORIGIN = 'https://cityquest.invalid';
// Room for Explore with every filter and a 100-character search in any script, percent-encoded.
const MAX_LENGTH = 2048;

/**
 * The `redirect` that /login, /signup and /verify-email follow once the visitor is signed in
 * (docs/product-rules/quests.md#visitors): a path of this app, or undefined. Anything else is ignored, so a crafted
 * link cannot send a fresh session to another site: '//host' and URLs with a scheme leave the origin, browsers read
 * '\' as '/' and drop tabs and newlines ('/\host', '/\t/host'), so those are refused too.
 */
export function internalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\\\s\p{Cc}]/u.test(value)) return undefined;
  return new URL(value, ORIGIN).origin === ORIGIN ? value : undefined;
}
