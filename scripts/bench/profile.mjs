// npm run bench:profile -- <route> [--postgres] [--seconds=10] [--connections=8] [--as=moderator] [--uncached]
// Where one route's time goes in the API process: the server runs under node --cpu-prof (as the bench starts it,
// demo city, DEV_MODE), the route is loaded with autocannon as the demo explorer (or the demo moderator), and the profile's self time is
// summed per package and per function. `{id}` in the route is replaced by a demo quest's id. --uncached turns the
// catalogue and dashboard caches off, so each request reaches the database.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { login } from './api-load.mjs';
import { startApi, startGeoFixture } from './servers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const route = args.find((arg) => !arg.startsWith('--')) ?? '/api/v1/quests/my-dashboard';
const seconds = Number(option('seconds', 10));
const connections = Number(option('connections', 8));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS cityquest_profile WITH (FORCE)');
  await admin.query('CREATE DATABASE cityquest_profile');
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = '/cityquest_profile';
  return url.toString();
}

/** CPU time (user + system, ms) of the processes whose command name passes `test` (Linux /proc). */
function cpuMsOf(test) {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!test(name, Number(pid))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14 and 15 of stat) in ticks of 10 ms.
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return ms;
}

/** Self time per package (or Node's own work) and per function, as shares of all samples. */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    const micros = profile.timeDeltas[index] ?? 0;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    total += micros;
  });
  const packageOf = (key) => {
    const where = key.split(' ')[1] ?? '';
    if (where.startsWith(':') || where === '') return key.split(' ')[0];
    if (where.startsWith('node:')) return 'node internals';
    const match = /^(@[^/]+\/[^/]+|[^/]+)\//.exec(where);
    return match?.[1] === 'api-server' ? 'api-server (our code)' : (match?.[1] ?? where);
  };
  const byPackage = new Map();
  for (const [key, micros] of byFunction) {
    byPackage.set(packageOf(key), (byPackage.get(packageOf(key)) ?? 0) + micros);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  return `by package:\n${top(byPackage, 12)}\nby function:\n${top(byFunction, 20)}`;
}

const profileDir = mkdtempSync(join(tmpdir(), 'cityquest-profile-'));
const geo = await startGeoFixture(root, 8390);
const usePostgres = args.includes('--postgres');
const server = await startApi(root, {
  port: 8380,
  adminPort: 8381,
  geoUrl: geo.url,
  databaseUrl: usePostgres ? await freshDatabase() : undefined,
  nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  env: args.includes('--uncached') ? { CATALOGUE_CACHE_MS: '0', DASHBOARD_CACHE_MS: '0' } : {},
});
const apiPid = server.pid;
try {
  const token =
    option('as', 'explorer') === 'moderator'
      ? await login(server.url, 'moderator', 'Monsoon-Ledger-2026')
      : await login(server.url, 'explorer', 'Chai-Stepwell-2026');
  const headers = { authorization: `Bearer ${token}` };
  const listed = await (await fetch(`${server.url}/api/v1/quests?limit=1`, { headers })).json();
  const url = `${server.url}${route.replace('{id}', listed.data.quests[0]._id)}`;
  // Warm-up, so the profile holds the route's steady state more than the server's start.
  await autocannon({ url, connections, duration: 2, headers });
  const api = (_name, pid) => pid === apiPid;
  const database = (name) => name === 'postgres';
  const before = { api: cpuMsOf(api), database: cpuMsOf(database) };
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const perRequest = (ms) => (ms / result.requests.total).toFixed(2);
  console.log(
    `${route}: ${Math.round(result.requests.average)} req/s at ${connections} connections, ` +
      `${result.non2xx + result.errors} errors; CPU per request: API process ${perRequest(cpuMsOf(api) - before.api)} ms` +
      (usePostgres
        ? `, PostgreSQL ${perRequest(cpuMsOf(database) - before.database)} ms`
        : ' (PGlite runs inside it)'),
  );
} finally {
  await server.stop();
  await geo.stop();
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
console.log(summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8'))));
rmSync(profileDir, { recursive: true, force: true });
