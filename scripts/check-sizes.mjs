// npm test: fails when a hand-written source file grows past 400 lines or a test file past 600, and lists them
// all. Lines are counted as `wc -l` counts them (newline characters). Generated files and data are left out.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_MAX_LINES = 400;
const TEST_MAX_LINES = 600;

/**
 * Code: scripts, styles, pages, SQL. Not prose (Markdown), data (JSON) or the contract's YAML, whose size follows
 * the API's and which the review counts apart from code.
 */
const MEASURED = /\.(ts|tsx|js|mjs|cjs|css|html|sql)$/;
/** Tests, e2e specs and benchmarks; their helpers and fixtures count as source. */
const TEST = /\.(test|spec|bench)\.(ts|tsx|js|mjs)$/;
/** Written by tools, not by hand. */
const GENERATED = [
  /\.gen\.ts$/, // openapi-typescript, limits, TanStack Router's routeTree.gen.ts
  /(^|\/)openapi\.yaml$/, // the bundled contract (contract/scripts/bundle.mjs)
  /(^|\/)migrations\//, // drizzle-kit: SQL migrations and their meta snapshots
  /(^|\/)package-lock\.json$|\.lock$/,
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Tracked and new files alike, minus what .gitignore leaves out (node_modules, dist, reports).
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((file) => MEASURED.test(file) && !GENERATED.some((pattern) => pattern.test(file)))
  .filter((file) => existsSync(join(root, file)));

const newlines = (text) => {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
};

/**
 * Files that were over the limit when the gate arrived, each with the size it may not exceed. The list only
 * shrinks: a listed file that grows fails, and one split below the limit must leave the list.
 */
const DEBTS = JSON.parse(readFileSync(join(root, 'scripts/size-debts.json'), 'utf8'));

const over = [];
const paid = [];
for (const file of [...new Set(files)].sort()) {
  const test = TEST.test(file);
  const max = test ? TEST_MAX_LINES : SOURCE_MAX_LINES;
  const lines = newlines(readFileSync(join(root, file), 'utf8'));
  const allowed = DEBTS[file] ?? max;
  if (lines > allowed) over.push({ file, lines, max: allowed, kind: test ? 'test' : 'source' });
  else if (file in DEBTS && lines <= max) paid.push(file);
}
for (const file of Object.keys(DEBTS)) if (!files.includes(file)) paid.push(file);

if (paid.length) {
  console.error(`check:sizes: within the limit now, remove from scripts/size-debts.json: ${paid.join(', ')}`);
  process.exit(1);
}

if (over.length) {
  over.sort((a, b) => b.lines - a.lines);
  console.error(
    `check:sizes: ${over.length} file(s) over the limit (source ${SOURCE_MAX_LINES}, tests ${TEST_MAX_LINES}):`,
  );
  for (const { file, lines, max, kind } of over)
    console.error(`  ${file}: ${lines} lines (${kind}, max ${max})`);
  console.error(
    'Split them by concern: section components, one file per concern of a test, helpers beside them.',
  );
  process.exit(1);
}
console.log(
  `check:sizes: ${files.length} files within the limits (source ${SOURCE_MAX_LINES} lines, tests ${TEST_MAX_LINES}; ${Object.keys(DEBTS).length} listed in scripts/size-debts.json may only shrink).`,
);
