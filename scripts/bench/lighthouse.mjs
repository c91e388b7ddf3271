// Lighthouse (mobile defaults: emulated phone, simulated slow 4G and CPU) on the built SPAs served by the real
// server; signed-in pages get their tokens in local storage first, exactly as the apps keep them.
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { login } from './api-load.mjs';

const MOBILE_SLOW_4G = throttling.mobileSlow4G;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function signIn(port, origin, tokens) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${origin}/access-denied`);
  await page.evaluate((values) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, tokens);
  await page.close();
  await browser.close();
}

async function tokensFor(apiBase, username, password, attempts = 3) {
  try {
    const response = await fetch(`${apiBase}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { data } = await response.json();
    return { accessToken: data.accessToken, refreshToken: data.refreshToken };
  } catch (error) {
    // A Lighthouse run outlasts the server's keep-alive, so the pooled connection may have been closed.
    if (attempts <= 1) throw error;
    return tokensFor(apiBase, username, password, attempts - 1);
  }
}

/**
 * Lighthouse's default 4x CPU slowdown turns a high-end desktop (benchmarkIndex 1500-2000) into a mid-tier
 * phone. On a slower host the same 4x emulates a far slower phone, so the slowdown is scaled by the host's
 * benchmarkIndex, as Lighthouse's throttling guide recommends: 4x from 1600 up, never below 1x
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md).
 */
function calibratedCpuSlowdown(benchmarkIndex) {
  return Math.min(4, Math.max(1, Math.round((benchmarkIndex / 400) * 10) / 10));
}

function browserVersion(executablePath) {
  try {
    return execFileSync(executablePath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The yardstick: the app's own QuestMap with as many quests as Explore's map shows (its first 50), at its size
 * (20rem), on a page with nothing else. What it scores is what drawing that map on load costs on this host.
 */
const mapAlonePath = '/?count=50&height=20rem';

export async function measureLighthouse({
  explorerUrl,
  adminUrl,
  mapHarnessUrl,
  executablePath,
  runs = 3,
  log,
}) {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  const token = await login(explorerUrl, 'explorer', 'Chai-Stepwell-2026');
  const quests = await (
    await fetch(`${explorerUrl}/api/v1/quests?limit=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const questId = quests.data.quests[0]._id;
  const pages = [
    { name: 'Landing page', url: `${explorerUrl}/`, session: null },
    {
      name: 'Explore (signed in)',
      url: `${explorerUrl}/explore`,
      session: ['explorer', 'Chai-Stepwell-2026', explorerUrl],
    },
    {
      name: 'Quest detail',
      url: `${explorerUrl}/quest-overview/${questId}`,
      session: ['explorer', 'Chai-Stepwell-2026', explorerUrl],
    },
    {
      name: 'Admin dashboard',
      url: `${adminUrl}/admin/dashboard`,
      session: ['moderator', 'Monsoon-Ledger-2026', adminUrl],
    },
    {
      name: 'The map alone (yardstick)',
      url: `${mapHarnessUrl}${mapAlonePath}`,
      session: null,
      yardstick: true,
    },
  ];
  const rows = [];
  const audit = (url, cpuSlowdownMultiplier) =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      ...(cpuSlowdownMultiplier ? { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier } } : {}),
    });
  let calibration;
  try {
    // A first run at the defaults warms the server and reads the host's benchmarkIndex.
    await signIn(chrome.port, explorerUrl, {});
    const warmUp = (await audit(pages[0].url)).lhr;
    calibration = {
      // The same build scores differently under another browser release, so the report names the one it ran.
      browser: browserVersion(executablePath) ?? warmUp.environment.hostUserAgent,
      benchmarkIndex: Math.round(warmUp.environment.benchmarkIndex),
      cpuSlowdownMultiplier: calibratedCpuSlowdown(warmUp.environment.benchmarkIndex),
      defaultLandingPerformance: Math.round((warmUp.categories.performance.score ?? 0) * 100),
    };
    log(
      `  lighthouse host benchmarkIndex ${calibration.benchmarkIndex}: CPU slowdown ${calibration.cpuSlowdownMultiplier}x (landing page at the default 4x: ${calibration.defaultLandingPerformance})`,
    );
    for (const page of pages) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const [username, password, origin] = page.session ?? [];
        // A fresh sign-in per run: every run starts from the same state (and a valid 15-minute token).
        // The yardstick's page is on its own origin and keeps nothing in storage: nothing to sign in or clear.
        if (!page.yardstick) {
          await signIn(
            chrome.port,
            origin ?? explorerUrl,
            page.session ? await tokensFor(explorerUrl, username, password) : {},
          );
        }
        let { lhr } = await audit(page.url, calibration.cpuSlowdownMultiplier);
        // A slow host sometimes loses the trace (NO_NAVSTART, NO_FCP); such a run measured nothing, so it reruns.
        for (let retry = 0; lhr.runtimeError && retry < 2; retry += 1) {
          log(`  lighthouse ${page.name}: ${lhr.runtimeError.code}, running again`);
          ({ lhr } = await audit(page.url, calibration.cpuSlowdownMultiplier));
        }
        if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
        samples.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
          cls: Math.round((lhr.audits['cumulative-layout-shift'].numericValue ?? 0) * 1000) / 1000,
          finalUrl: lhr.finalDisplayedUrl,
          accessibilityIssues: lhr.categories.accessibility.auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
            .map((ref) => ref.id),
        });
      }
      const { pathname, search } = new URL(page.url);
      const row = {
        page: page.name,
        url: pathname + search,
        ...(page.yardstick ? { yardstick: true } : {}),
        runs,
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        cls: median(samples.map((s) => s.cls)),
        landedOn: new URL(samples.at(-1).finalUrl).pathname,
        accessibilityIssues: [...new Set(samples.flatMap((sample) => sample.accessibilityIssues))],
      };
      log(
        `  lighthouse ${row.page}: performance ${row.performance}, accessibility ${row.accessibility}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}${row.accessibilityIssues.length ? `, failing: ${row.accessibilityIssues.join(', ')}` : ''}`,
      );
      rows.push(row);
    }
  } finally {
    chrome.kill();
  }
  return { ...calibration, pages: rows };
}
