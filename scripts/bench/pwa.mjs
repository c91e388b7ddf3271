// The installability and offline checks Lighthouse made in its PWA category (manifest, service worker, offline
// start URL). Lighthouse 12 dropped that category and its audits, so the bench makes the same checks itself,
// in Chromium against the built explorer app served by the real server
// (docs/product-rules/offline-play.md#installing-the-app).
import { chromium } from '@playwright/test';

const check = (name, passed, detail) => ({ name, passed, detail });

function manifestChecks(manifest, iconStatuses) {
  const sizes = (manifest.icons ?? []).flatMap((icon) => String(icon.sizes ?? '').split(' '));
  const largest = Math.max(0, ...sizes.map((size) => Number(size.split('x')[0]) || 0));
  return [
    check(
      'manifest: name and short_name',
      Boolean(manifest.name && manifest.short_name),
      manifest.name ?? 'none',
    ),
    check('manifest: start_url', Boolean(manifest.start_url), manifest.start_url ?? 'none'),
    check(
      'manifest: display standalone, fullscreen or minimal-ui',
      ['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display),
      manifest.display ?? 'none',
    ),
    check('manifest: theme_color', Boolean(manifest.theme_color), manifest.theme_color ?? 'none'),
    check(
      'manifest: icons of 192 px and 512 px or more',
      sizes.includes('192x192') && largest >= 512,
      sizes.join(', '),
    ),
    check(
      'manifest: a maskable icon',
      (manifest.icons ?? []).some((icon) => String(icon.purpose ?? '').includes('maskable')),
      '',
    ),
    check(
      'manifest: every icon is served',
      iconStatuses.every((status) => status === 200),
      iconStatuses.join(', '),
    ),
  ];
}

export async function measurePwa({ explorerUrl, executablePath, log }) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(explorerUrl);
    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    const checks = [check('page links a manifest', Boolean(manifestHref), manifestHref ?? 'none')];
    const manifestUrl = new URL(manifestHref ?? '/manifest.webmanifest', explorerUrl);
    const manifest = await (await context.request.get(manifestUrl.href)).json().catch(() => ({}));
    const iconStatuses = await Promise.all(
      (manifest.icons ?? []).map(async (icon) =>
        (await context.request.get(new URL(icon.src, manifestUrl).href)).status(),
      ),
    );
    checks.push(...manifestChecks(manifest, iconStatuses));

    const controlled = await page
      .waitForFunction(
        async () => {
          await navigator.serviceWorker.ready;
          return navigator.serviceWorker.controller !== null;
        },
        undefined,
        { timeout: 60_000 },
      )
      .then(() => true)
      .catch(() => false);
    checks.push(check('a service worker controls the page', controlled, ''));

    const startUrl = new URL(manifest.start_url ?? '/', manifestUrl).href;
    await context.setOffline(true);
    const offline = await page.goto(startUrl).catch((error) => error);
    const status = offline instanceof Error ? offline.message.split('\n')[0] : offline?.status();
    const rendered =
      !(offline instanceof Error) &&
      (await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 })
        .then(() => true)
        .catch(() => false));
    checks.push(
      check('start_url answers 200 offline and renders', status === 200 && rendered, `status ${status}`),
    );
    await context.close();
    for (const row of checks)
      log(`  pwa ${row.passed ? 'pass' : 'FAIL'}: ${row.name}${row.detail ? ` (${row.detail})` : ''}`);
    return { checks, passed: checks.every((row) => row.passed) };
  } finally {
    await browser.close();
  }
}
