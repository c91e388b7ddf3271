// Fails when the server answers an /api/v1 route that openapi.yaml lacks, or has a handler for an operation
// the spec does not have; lists the operations not implemented yet (and fails on them with --strict).

import { buildApp, collectHandlers } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { listOperations } from '../src/lib/spec.ts';

const strict = process.argv.includes('--strict');
const operations = listOperations();
const specOperations = new Set(operations.map(({ operation }) => operation.operationId));
const specRoutes = new Set(operations.map(({ method, path }) => `${method} /api/v1${path}`));
// Handler factories only close over the context; nothing runs until a request arrives.
const handlerIds = Object.keys(collectHandlers({} as AppContext));
const problems: string[] = [];

for (const id of handlerIds) {
  if (!specOperations.has(id)) problems.push(`handler ${id} has no operation in openapi.yaml`);
}

// Building the app registers every route without touching the database.
const config = loadConfig({
  NODE_ENV: 'test',
  DEV_MODE: '1',
  JWT_SECRET: 'route-check-secret-route-check-secret-0000',
  DATA_DIR: '/tmp/cityquest-route-check',
});
const app = await buildApp({ config, database: {} as Database, logger: false });
await app.ready();
const served = new Set<string>();
// printRoutes nests a route under another whose path is its prefix ('/quests' > '/:id'); rebuild full paths
// from the tree depth (4 characters per level).
const ancestors: string[] = [];
for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
  const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]+)\))?$/.exec(line);
  if (!match || match[2] === undefined) continue;
  const depth = (match[1] ?? '').length / 4;
  const full = (ancestors[depth - 1] ?? '') + match[2];
  ancestors.length = depth;
  ancestors.push(full);
  if (!match[3]) continue;
  const path = full.replace(/:(\w+)/g, '{$1}');
  for (const method of match[3].split(',').map((m) => m.trim())) {
    if (method !== 'HEAD' && method !== 'OPTIONS') served.add(`${method} ${path}`);
  }
}
await app.close();

const allowedExtras = new Set(['GET /api/v1/openapi.json']);
for (const route of served) {
  if (route.split(' ')[1]?.startsWith('/api/v1') && !specRoutes.has(route) && !allowedExtras.has(route)) {
    problems.push(`${route} is served but not in openapi.yaml`);
  }
}
for (const route of specRoutes) {
  if (!served.has(route)) problems.push(`${route} is in openapi.yaml but not served`);
}

const missing = [...specOperations].filter((id) => !handlerIds.includes(id));
console.log(
  `openapi: ${specOperations.size} operations, ${specOperations.size - missing.length} implemented`,
);
if (missing.length) console.log(`not implemented yet (${missing.length}): ${missing.join(', ')}`);
if (strict && missing.length) problems.push(`${missing.length} operations are not implemented`);
for (const problem of problems) console.error(`openapi: ${problem}`);
process.exit(problems.length ? 1 : 0);
