// Fails when src/schema.gen.ts is not what openapi-typescript makes of openapi.yaml today.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'openapi-check-'));
try {
  const fresh = join(dir, 'schema.gen.ts');
  execFileSync(
    process.execPath,
    [join(root, '../node_modules/openapi-typescript/bin/cli.js'), 'openapi.yaml', '-o', fresh],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const committed = readFileSync(join(root, 'src/schema.gen.ts'), 'utf8');
  if (readFileSync(fresh, 'utf8') !== committed) {
    console.error('openapi/src/schema.gen.ts is stale: run `npm run openapi:gen` and commit the result.');
    process.exit(1);
  }
  console.log('openapi: generated types match openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
