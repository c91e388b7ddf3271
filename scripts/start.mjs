// npm start: build whichever SPA is older than its sources, then serve the API with the explorer app on PORT
// and the admin console on ADMIN_PORT, on the embedded database with demo data unless told otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED_SOURCES = [
  'shared-ui/src',
  'contract/src',
  'contract/openapi.yaml',
  'web-client/src',
  'package-lock.json',
  'vite.shared.ts',
  // The builds write its headers into dist/_headers.
  'scripts/static-headers.ts',
];
const APP_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'postcss.config.cjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIfStale(workspace) {
  const built = join(root, workspace, 'dist/index.html');
  const sources = [
    ...APP_SOURCES.map((p) => join(root, workspace, p)),
    ...SHARED_SOURCES.map((p) => join(root, p)),
  ];
  const sourceTime = Math.max(...sources.map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return;
  console.log(`building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', `@cityquest/${workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('explorer-app');
buildIfStale('admin-console');

// The demo is development mode: the dev outbox, a generated JWT secret and the demo accounts need DEV_MODE=1.
const env = {
  DEV_MODE: '1',
  SEED_DEMO: '1',
  ...process.env,
  EXPLORER_DIST: join(root, 'explorer-app/dist'),
  ADMIN_DIST: join(root, 'admin-console/dist'),
};
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'api-server/src/server.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
