// npm run bench [-- --soak] [-- --quick] [-- --only=bundles,api,instances,scale,lighthouse,pwa,map] [-- --scale]
// (--scale is --only=scale: the routes on the demo city and on 10,000 and 100,000 quests, scripts/bench/scale.mjs).
// Writes docs/bench/report.md and docs/bench/report.json; docs/ops/performance.md quotes the latest figures.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { measureApi, soak } from './api-load.mjs';
import { analyseBundles } from './bundles.mjs';
import { measureInstances } from './instances.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureMap, serveMapHarness } from './map.mjs';
import { measurePwa } from './pwa.mjs';
import { renderMarkdown } from './report.mjs';
import { measureScale } from './scale.mjs';
import { startApi, startBare, startGeoFixture, startProxy } from './servers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const withSoak = args.includes('--soak');
const onlyList = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const only = args.includes('--scale') ? [...(onlyList ?? []), 'scale'] : onlyList;
const wants = (section) => !only || only.includes(section);
const log = (line) => console.log(line);
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshPostgresDatabase() {
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query('DROP DATABASE IF EXISTS cityquest_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE cityquest_bench');
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = '/cityquest_bench';
  return url.toString();
}

const outDir = join(root, 'docs', 'bench');
const reportPath = join(outDir, 'report.json');
// With --only, the sections not rerun keep their figures from the previous report, each with its own date.
const previous = only && existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : {};
const SECTIONS = ['bundles', 'api', 'instances', 'scale', 'lighthouse', 'pwa', 'map', 'soak'];
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts connections at the Redis URL's address. */
function redisAnswers() {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const answer = (answers) => {
      socket.destroy();
      resolve(answers);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

const report = {
  startedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  options: { quick, soak: withSoak },
};

if (wants('bundles')) {
  log('bundles');
  report.bundles = analyseBundles(root);
}

const geo = await startGeoFixture(root, 8290);
try {
  if (wants('api')) {
    log('api load');
    const bare = await startBare(root, 8299);
    const durationSeconds = quick ? 2 : 5;
    report.api = [];
    try {
      const pglite = await startApi(root, { port: 8280, adminPort: 8281, geoUrl: geo.url });
      try {
        report.api.push(
          ...(await measureApi({
            baseUrl: pglite.url,
            bareUrl: bare.url,
            apiPid: pglite.pid,
            durationSeconds,
            label: 'PGlite',
            log,
          })),
        );
      } finally {
        await pglite.stop();
      }
      const databaseUrl = await freshPostgresDatabase();
      if (databaseUrl) {
        const postgres = await startApi(root, { port: 8280, adminPort: 8281, geoUrl: geo.url, databaseUrl });
        try {
          report.api.push(
            ...(await measureApi({
              baseUrl: postgres.url,
              bareUrl: bare.url,
              apiPid: postgres.pid,
              durationSeconds,
              label: 'PostgreSQL',
              log,
            })),
          );
        } finally {
          await postgres.stop();
        }
      } else {
        log('  PostgreSQL not reachable: skipped');
      }
    } finally {
      await bare.stop();
    }
  }

  if (wants('instances')) {
    log('two instances');
    const databaseUrl = await freshPostgresDatabase();
    if (!databaseUrl || !(await redisAnswers())) {
      log('  PostgreSQL or Redis not reachable: skipped');
    } else {
      // One deployment: the same database, Redis keys and token secret; only the first seeds the demo city.
      const shared = {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `cityquest-bench:${randomBytes(4).toString('hex')}:`,
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      const apis = [];
      const proxies = [];
      try {
        apis.push(
          await startApi(root, { port: 8280, adminPort: 8281, geoUrl: geo.url, databaseUrl, env: shared }),
        );
        apis.push(
          await startApi(root, {
            port: 8282,
            adminPort: 8283,
            geoUrl: geo.url,
            databaseUrl,
            env: { ...shared, SEED_DEMO: '0' },
          }),
        );
        proxies.push(await startProxy(root, 8284, [apis[0].url]));
        proxies.push(
          await startProxy(
            root,
            8285,
            apis.map((api) => api.url),
          ),
        );
        report.instances = await measureInstances({
          single: proxies[0],
          pair: proxies[1],
          apiPids: apis.map((api) => api.pid),
          proxyPids: proxies.map((proxy) => proxy.pid),
          durationSeconds: quick ? 2 : 5,
          log,
        });
      } finally {
        for (const running of [...proxies, ...apis]) await running.stop();
      }
    }
  }

  if (wants('scale')) {
    log('scale');
    const databaseUrl = await freshPostgresDatabase();
    if (!databaseUrl) {
      log('  PostgreSQL not reachable: skipped');
    } else {
      // Migrates and seeds the demo city; the bulk city is then written under it, between the sizes.
      const api = await startApi(root, {
        port: 8280,
        adminPort: 8281,
        geoUrl: geo.url,
        databaseUrl,
        // Each request reaches the database: what grows with the city is the database's work.
        env: { CATALOGUE_CACHE_MS: '0', DASHBOARD_CACHE_MS: '0' },
      });
      try {
        report.scale = await measureScale({
          baseUrl: api.url,
          databaseUrl,
          durationSeconds: quick ? 2 : 10,
          log,
        });
      } finally {
        await api.stop();
      }
    }
  }

  if (wants('lighthouse') || wants('pwa') || wants('map') || withSoak) {
    const server = await startApi(root, { port: 8280, adminPort: 8281, geoUrl: geo.url });
    const harness = wants('lighthouse') || wants('map') ? await serveMapHarness(root, 8297) : null;
    try {
      if (wants('lighthouse')) {
        log('lighthouse');
        report.lighthouse = await measureLighthouse({
          explorerUrl: server.url,
          adminUrl: server.adminUrl,
          mapHarnessUrl: harness.url,
          executablePath,
          runs: quick ? 1 : 3,
          log,
        });
      }
      if (wants('pwa')) {
        log('pwa: manifest, service worker, offline start URL');
        report.pwa = await measurePwa({ explorerUrl: server.url, executablePath, log });
      }
      if (withSoak) {
        log('soak: 10 minutes at 32 connections');
        const seconds = quick ? 60 : 600;
        const memory = [{ second: 0, rssMB: server.rssMB() }];
        const started = Date.now();
        const result = await soak({
          baseUrl: server.url,
          seconds,
          connections: 32,
          onTick: () =>
            memory.push({ second: Math.round((Date.now() - started) / 1000), rssMB: server.rssMB() }),
        });
        memory.push({ second: seconds, rssMB: server.rssMB() });
        report.soak = { seconds, connections: 32, ...result, memory };
        log(`  soak: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, errors ${result.errors}`);
      }
      if (wants('map')) {
        log('map');
        report.map = await measureMap({ harnessUrl: harness.url, executablePath, runs: quick ? 1 : 3, log });
      }
    } finally {
      await harness?.stop();
      await server.stop();
    }
  }
} finally {
  await geo.stop();
}

report.finishedAt = new Date().toISOString();
report.measuredAt = { ...previous.measuredAt };
const runLabel = (run) => `${run.startedAt}${run.options?.quick ? ' (quick run)' : ''}`;
for (const section of SECTIONS) {
  if (report[section]) report.measuredAt[section] = runLabel(report);
  else if (previous[section]) {
    report[section] = previous[section];
    report.measuredAt[section] ??= runLabel(previous);
  }
}
mkdirSync(outDir, { recursive: true });
writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(outDir, 'report.md'), renderMarkdown(report));
log(`report: ${join('docs', 'bench', 'report.md')} and ${join('docs', 'bench', 'report.json')}`);
const problems = [
  ...(report.bundles ?? []).flatMap((bundle) => bundle.problems),
  ...(report.api ?? [])
    .filter((row) => row.failure)
    .map((row) => `${row.database} ${row.target} @${row.connections}: ${row.failure}`),
  ...(report.scale?.routes ?? [])
    .filter((row) => row.failure)
    .map((row) => `scale ${row.size} ${row.route}: ${row.failure}`),
];
if (problems.length) {
  for (const problem of problems) console.error(`bench: ${problem}`);
  process.exitCode = 1;
}
process.exit();
