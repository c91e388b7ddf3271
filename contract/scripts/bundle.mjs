// Bundles the contract's sources (root.yaml and the paths/ and components/ files it refers to) with the
// Redocly CLI into openapi.yaml, the one file every reader takes. `npm run gen` writes it before generating
// src/ from it; scripts/check-generated.mjs bundles again and compares.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLED = 'openapi.yaml';

const HEADER =
  '# Generated from root.yaml and its paths/ and components/ by `npm run openapi:gen`: do not edit by hand.\n';

const require = createRequire(import.meta.url);
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

/** What openapi.yaml holds when it is fresh: the bundle of root.yaml under a header saying where to edit. */
export function bundleText() {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-bundle-'));
  const output = join(dir, BUNDLED);
  try {
    execFileSync(
      process.execPath,
      [
        redocly,
        'bundle',
        'root.yaml',
        '--config',
        'redocly.yaml',
        '--output',
        output,
        // A $ref to a component that root.yaml does not name would be renamed in the bundle (and in the
        // generated types) when its name is taken: fail instead.
        '--component-renaming-conflicts-severity',
        'error',
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      },
    );
    return HEADER + readFileSync(output, 'utf8');
  } catch (error) {
    // The CLI's own report (which file, which $ref) is the useful part; it also prints a banner on success.
    process.stderr.write(error.stderr ?? '');
    throw new Error('redocly bundle root.yaml failed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(join(root, BUNDLED), bundleText());
