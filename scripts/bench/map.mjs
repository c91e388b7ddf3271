// Map: the app's QuestMap with 10,000 quests in Chromium; time until the first idle frame draws the clustered
// features, and the DOM markers it created (must be 0: quests are GPU layers, not elements).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';

/** The map harness (the app's QuestMap on a page of its own), built and served for the map and Lighthouse sections. */
export async function serveMapHarness(root, port) {
  const outDir = mkdtempSync(join(tmpdir(), 'cityquest-map-bench-'));
  await build({
    root: join(root, 'scripts/bench/map-harness'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const server = await preview({
    root: outDir,
    build: { outDir },
    preview: { port, strictPort: true },
    logLevel: 'warn',
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.httpServer.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export async function measureMap({ harnessUrl, executablePath, counts = [10_000], runs = 3, log }) {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader'],
  });
  const results = [];
  try {
    for (const count of counts) {
      const times = [];
      let markers = 0;
      let features = 0;
      for (let run = 0; run < runs; run += 1) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(`${harnessUrl}/?count=${count}`);
        await page.waitForFunction(
          () =>
            Number(
              document
                .querySelector('[data-rendered-quest-features]')
                ?.getAttribute('data-rendered-quest-features') ?? 0,
            ) > 0,
          undefined,
          { timeout: 60_000 },
        );
        times.push(await page.evaluate(() => performance.now() - window.benchStart));
        markers = await page.locator('.maplibregl-marker').count();
        features = Number(
          await page.locator('[data-rendered-quest-features]').getAttribute('data-rendered-quest-features'),
        );
        await page.close();
      }
      times.sort((a, b) => a - b);
      const row = {
        quests: count,
        medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0),
        runs,
        domMarkers: markers,
        renderedFeatures: features,
      };
      log(
        `  map: ${count} quests drawn in ${row.medianMs} ms (median of ${runs}), ${markers} DOM markers, ${features} features`,
      );
      results.push(row);
    }
  } finally {
    await browser.close();
  }
  return results;
}
