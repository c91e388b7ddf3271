// The security headers of the two SPAs' pages, in one place (docs/ops/security.md#static-sites-security-headers). Read
// by the API's own serving (api-server/src/plugins/security.ts, for npm start and EXPLORER_DIST/ADMIN_DIST), by each
// SPA build, which writes them as dist/_headers (vite.shared.ts), and by the test that holds the nginx example
// to them (api-server/test/security/static-headers.test.ts).

export type StaticHeaderOptions = {
  /**
   * Origins the pages call and show pictures from besides their own: the API, the public files and the map
   * style's host (tiles, glyphs and sprites come from it).
   */
  sources: readonly string[];
  /** Off for plain-http local origins (npm start), which must not be upgraded to https. */
  upgradeInsecureRequests: boolean;
};

/**
 * What a static host or CDN sends. One build serves any environment, and the API, files and map style addresses
 * come from the runtime config beside index.html, so the build cannot name them: any https origin.
 */
export const STATIC_HOST: StaticHeaderOptions = { sources: ['https:'], upgradeInsecureRequests: true };

export function contentSecurityPolicy(options: StaticHeaderOptions): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Mantine writes style attributes and style elements; no inline scripts are allowed.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Quest photos and avatars come from the files' host or CDN, proof photos from the API's origin, which for
    // the admin console is another origin; MapLibre draws sprites from data: and blob: addresses.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...options.sources]],
    ['connect-src', ["'self'", ...options.sources]],
    // MapLibre's worker starts from a blob: address; the explorer's service worker is its own file.
    ['worker-src', ["'self'", 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    // No other site may frame either app (clickjacking of the console's one-click moderation).
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  if (options.upgradeInsecureRequests) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, values]) => [name, ...new Set(values)].join(' ')).join('; ');
}

/** Every header a page of either SPA carries, by name. */
export function staticSiteHeaders(options: StaticHeaderOptions = STATIC_HOST): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** The headers as a `_headers` file (Netlify's and Cloudflare Pages' format), for every path of the site. */
export function headersFile(headers: Record<string, string> = staticSiteHeaders()): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, ''].join('\n');
}

/** The headers as nginx directives, sent with every answer (`always`: error pages too). */
export function nginxDirectives(headers: Record<string, string> = staticSiteHeaders()): string[] {
  return Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`);
}
