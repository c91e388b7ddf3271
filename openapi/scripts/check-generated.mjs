// Fails when a generated file of src/ is not what scripts/generate.mjs makes of openapi.yaml today.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED, generate, root } from './generate.mjs';

const dir = mkdtempSync(join(tmpdir(), 'openapi-check-'));
try {
  generate(dir);
  const stale = GENERATED.filter(
    (name) => readFileSync(join(dir, name), 'utf8') !== readFileSync(join(root, 'src', name), 'utf8'),
  );
  if (stale.length > 0) {
    console.error(
      `openapi/src/${stale.join(', openapi/src/')} stale: run \`npm run openapi:gen\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log('openapi: generated files match openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
