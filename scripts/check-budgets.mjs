// npm test: fails when an SPA's entry JS outgrows its gzip budget or pulls maplibre-gl into the entry.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseBundles } from './bench/bundles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = analyseBundles(root);
for (const report of reports) {
  const mapChunks = report.lazy.filter((chunk) => chunk.maplibre).map((chunk) => chunk.file);
  console.log(
    `${report.app}: entry ${report.entry.gzipKB} KB gzip / ${report.budgetGzipKB} KB budget ` +
      `(${report.entry.brotliKB} KB brotli, ${report.entry.files} files); maplibre-gl lazily in ${mapChunks.join(', ') || 'no chunk'}`,
  );
}
const problems = reports.flatMap((report) => report.problems);
if (problems.length) {
  for (const problem of problems) console.error(`budget: ${problem}`);
  process.exit(1);
}
