// The catalogue and admin list routes as the city grows: the demo city, then 10,000 and 100,000 quests built with
// SQL on top of it (scale-data.mjs), every route measured at each size against one API process run with the
// catalogue and dashboard caches off, so each request reaches the database.
import pg from 'pg';
import { json, login, run as runAutocannon, summary } from './api-load.mjs';
import { cityCounts, growCity } from './scale-data.mjs';

const SCALE_SIZES = [
  { label: 'demo city', quests: 0 },
  { label: '10,000 quests', quests: 10_000 },
  { label: '100,000 quests', quests: 100_000 },
];
const SCALE_CONNECTIONS = 32;
const SLOWEST_NOT_MEASURED = 'n/a (pg_stat_statements not loaded)';
const API = '/api/v1';

/** The routes of every size; `as` is the demo account whose token a route needs. */
function scaleRoutes(questId) {
  return [
    { path: '/quests?page=1&limit=12', as: 'explorer' },
    { path: '/quests?page=500&limit=12', as: 'explorer' },
    { path: '/quests/search?search=fort', as: 'explorer' },
    { path: '/quests/category/Food', as: 'explorer' },
    { path: `/quests/${questId}`, name: '/quests/{id}', as: 'explorer' },
    { path: '/quests/my-dashboard', as: 'explorer' },
    { path: '/users/my-profile', as: 'explorer' },
    { path: '/leaderboard?period=all', as: 'explorer' },
    { path: '/leaderboard', as: 'explorer' },
    { path: '/admin/quests', as: 'moderator' },
    { path: '/admin/proofs/pending', as: 'moderator' },
    { path: '/admin/action-logs', as: 'moderator' },
    { path: '/admin/dashboard', as: 'moderator' },
    { path: '/admin/analytics?timeframe=30d', as: 'moderator' },
    { path: '/admin/users?search=a', as: 'moderator' },
  ].map((route) => ({ ...route, name: `GET ${route.name ?? route.path}` }));
}

/** Fresh tokens for each size: an access token lasts 15 minutes, less than a run at 100,000 quests. */
async function signIn(baseUrl) {
  return {
    explorer: await login(baseUrl, 'explorer', 'Chai-Stepwell-2026'),
    moderator: await login(baseUrl, 'moderator', 'Monsoon-Ledger-2026'),
  };
}

/** A demo quest, so the quest page reads the same quest with the same reviews at every size. */
async function demoQuestId(baseUrl, token) {
  const listed = await json(
    await fetch(`${baseUrl}${API}/quests?limit=1`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return listed.quests[0]._id;
}

/**
 * pg_stat_statements of this database when the server preloads it, else null: the library must be in
 * shared_preload_libraries (a server restart) for its view to answer, so the bench only uses it when it is.
 */
async function statementStats(client) {
  const {
    rows: [{ libraries }],
  } = await client.query("select current_setting('shared_preload_libraries') as libraries");
  if (!/\bpg_stat_statements\b/.test(libraries)) return null;
  await client.query('create extension if not exists pg_stat_statements');
  const thisDatabase = '(select oid from pg_database where datname = current_database())';
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    reset: () => client.query(`select pg_stat_statements_reset(dbid => ${thisDatabase})`),
    /** The statement with the highest mean execution time since the reset, the bench's own queries aside. */
    async slowest() {
      const {
        rows: [row],
      } = await client.query(
        `select query, calls, mean_exec_time, max_exec_time from pg_stat_statements
         where dbid = ${thisDatabase} and query not ilike '%pg_stat_statements%'
         order by mean_exec_time desc limit 1`,
      );
      if (!row) return null;
      return {
        meanMs: round(row.mean_exec_time),
        maxMs: round(row.max_exec_time),
        calls: Number(row.calls),
        query: row.query.replace(/\s+/g, ' ').slice(0, 200),
      };
    },
  };
}

/** SQL statements one request runs, from the x-db-statements header the API sends under DEV_MODE. */
async function statementsPerRequest(url, headers) {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const count = response.headers.get('x-db-statements') ?? '?';
  return response.ok ? count : `${count} (HTTP ${response.status})`;
}

async function measureRoute({ baseUrl, route, tokens, stats, durationSeconds }) {
  const url = `${baseUrl}${API}${route.path}`;
  const headers = { authorization: `Bearer ${tokens[route.as]}` };
  const statements = await statementsPerRequest(url, headers);
  await stats?.reset();
  const result = summary(
    await runAutocannon({
      url,
      headers,
      connections: SCALE_CONNECTIONS,
      duration: durationSeconds,
      pipelining: 1,
    }),
  );
  return { statements, ...result, slowestStatement: stats ? await stats.slowest() : SLOWEST_NOT_MEASURED };
}

/**
 * Measures every route at every size. `baseUrl` is an API started with CATALOGUE_CACHE_MS=0 and DASHBOARD_CACHE_MS=0
 * on `databaseUrl`, a fresh PostgreSQL database it has migrated and seeded with the demo city; the city grows under
 * it between sizes.
 */
export async function measureScale({ baseUrl, databaseUrl, durationSeconds, log }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stats = await statementStats(client);
    if (!stats) log(`  slowest statement: ${SLOWEST_NOT_MEASURED}`);
    const questId = await demoQuestId(baseUrl, (await signIn(baseUrl)).explorer);
    const sizes = [];
    const rows = [];
    let builtQuests = 0;
    for (const size of SCALE_SIZES) {
      const started = Date.now();
      await growCity(client, builtQuests, size.quests);
      builtQuests = size.quests;
      const counts = await cityCounts(client);
      const buildSeconds = Math.round((Date.now() - started) / 100) / 10;
      sizes.push({ size: size.label, buildSeconds, counts });
      log(`  ${size.label}: ${counts.quests} quests, ${counts.users} users, built in ${buildSeconds} s`);
      const tokens = await signIn(baseUrl);
      for (const route of scaleRoutes(questId)) {
        const row = {
          size: size.label,
          route: route.name,
          ...(await measureRoute({ baseUrl, route, tokens, stats, durationSeconds })),
        };
        rows.push(row);
        log(
          `  ${size.label} ${route.name}: ${row.requestsPerSecond} req/s, p99 ${row.p99} ms, errors ${row.errors}`,
        );
      }
    }
    return { connections: SCALE_CONNECTIONS, durationSeconds, sizes, routes: rows };
  } finally {
    await client.end();
  }
}
