// Fails when openapi.yaml is not the bundle of root.yaml today (scripts/bundle.mjs), or a generated file of
// src/ is not what scripts/generate.mjs makes of openapi.yaml.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED, bundleText } from './bundle.mjs';
import { GENERATED, generate, root } from './generate.mjs';

const dir = mkdtempSync(join(tmpdir(), 'openapi-check-'));
try {
  const stale = bundleText() === readFileSync(join(root, BUNDLED), 'utf8') ? [] : [`contract/${BUNDLED}`];
  await generate(dir);
  for (const name of GENERATED) {
    if (readFileSync(join(dir, name), 'utf8') !== readFileSync(join(root, 'src', name), 'utf8'))
      stale.push(`contract/src/${name}`);
  }
  if (stale.length > 0) {
    console.error(`${stale.join(', ')} stale: run \`npm run openapi:gen\` and commit the result.`);
    process.exitCode = 1;
  } else {
    console.log(`openapi: ${BUNDLED} is the bundle of root.yaml, and the generated files match it`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
