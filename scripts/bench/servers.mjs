// The processes a bench run measures: the real API server (built SPAs served beside it), a bare Fastify route
// as the same-machine baseline, and the local geo fixture so nothing reaches the internet.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function waitFor(url, timeoutMs = 360_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// A bench that dies of an uncaught error skips its finally blocks; its servers must not outlive it and keep
// their ports (and a core) from the next run.
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startProcess(root, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return {
    pid: child.pid,
    /** Resident memory of the process in MB (Linux). */
    rssMB() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return Math.round(kb / 1024);
      } catch {
        return 0;
      }
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
    },
  };
}

export async function startGeoFixture(root, port) {
  const processHandle = startProcess(
    root,
    ['--import', 'tsx', 'api-server/test/geo-fixture-server.ts', '--port', String(port)],
    {},
  );
  await waitFor(`http://127.0.0.1:${port}/health`, 30_000);
  return { ...processHandle, url: `http://127.0.0.1:${port}` };
}

/** The API server on a fresh data dir with the demo city, like `npm start`. */
export async function startApi(root, { port, adminPort, databaseUrl, geoUrl, nodeOptions = [], env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cityquest-bench-'));
  const handle = startProcess(root, [...nodeOptions, '--import', 'tsx', 'api-server/src/server.ts'], {
    DEV_MODE: '1',
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    PROOF_SUBMISSIONS_PER_HOUR: '1000000',
    MAP_STYLE_URL: 'offline',
    EXPLORER_DIST: join(root, 'explorer-app/dist'),
    ADMIN_DIST: join(root, 'admin-console/dist'),
    GEOCODER_URL: geoUrl,
    PLACES_URL: geoUrl,
    ROUTER_URL: geoUrl,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...env,
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  return {
    ...handle,
    url: `http://127.0.0.1:${port}`,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    async stop() {
      await handle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A round-robin proxy in front of the given API addresses (scripts/bench/round-robin-proxy.mjs). */
export async function startProxy(root, port, upstreams) {
  const handle = startProcess(root, ['scripts/bench/round-robin-proxy.mjs'], {
    PORT: String(port),
    UPSTREAMS: upstreams.join(','),
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 30_000);
  return { ...handle, url: `http://127.0.0.1:${port}` };
}

export async function startBare(root, port) {
  const handle = startProcess(root, ['scripts/bench/bare-server.mjs'], { BARE_PORT: String(port) });
  await waitFor(`http://127.0.0.1:${port}/bare`, 30_000);
  return { ...handle, url: `http://127.0.0.1:${port}` };
}
