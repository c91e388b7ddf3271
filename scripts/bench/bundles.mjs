// Bundle sizes of both SPAs from Vite's build manifest: the entry (the entry chunk and everything it imports
// statically, i.e. what index.html makes the browser download before the app can run) and every lazy chunk,
// gzip and brotli, against the budgets below (reported in
// docs/ops/performance.md#budgets-and-the-latest-figures).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGETS = {
  'explorer-app': { entryGzipKB: 170 },
  'admin-console': { entryGzipKB: 200 },
};

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function sizesOf(path) {
  const data = readFileSync(path);
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function analyseApp(root, app) {
  const dist = join(root, app, 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${app}: no build manifest; run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const inEntry = new Set();
  const visit = (key) => {
    if (inEntry.has(key)) return;
    inEntry.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key] of entries) visit(key);

  const isMapLibre = (key, chunk) =>
    key.includes('node_modules/maplibre-gl') || (chunk.name ?? '').startsWith('maplibre-gl');
  const chunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({
      key,
      file: chunk.file,
      entry: inEntry.has(key),
      maplibre: isMapLibre(key, chunk),
      ...sizesOf(join(dist, chunk.file)),
    }));
  const css = Object.values(manifest)
    .flatMap((chunk) => (inEntry.has(chunk.src ?? '') ? (chunk.css ?? []) : []))
    .filter((file, index, all) => all.indexOf(file) === index)
    .map((file) => ({ file, ...sizesOf(join(dist, file)) }));
  const entryChunks = chunks.filter((chunk) => chunk.entry);
  const entry = {
    raw: entryChunks.reduce((sum, chunk) => sum + chunk.raw, 0),
    gzip: entryChunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    brotli: entryChunks.reduce((sum, chunk) => sum + chunk.brotli, 0),
  };
  const budget = BUDGETS[app];
  const problems = [];
  if (kb(entry.gzip) > budget.entryGzipKB) {
    problems.push(`${app}: entry JS is ${kb(entry.gzip)} KB gzip, over its ${budget.entryGzipKB} KB budget`);
  }
  for (const chunk of entryChunks.filter((c) => c.maplibre)) {
    problems.push(`${app}: maplibre-gl is in the entry (${chunk.file}); it must load lazily`);
  }
  return {
    app,
    budgetGzipKB: budget.entryGzipKB,
    entry: {
      gzipKB: kb(entry.gzip),
      brotliKB: kb(entry.brotli),
      rawKB: kb(entry.raw),
      files: entryChunks.length,
    },
    css: css.map((file) => ({ file: file.file, gzipKB: kb(file.gzip) })),
    lazy: chunks
      .filter((chunk) => !chunk.entry)
      .sort((a, b) => b.gzip - a.gzip)
      .map((chunk) => ({
        file: chunk.file,
        gzipKB: kb(chunk.gzip),
        brotliKB: kb(chunk.brotli),
        maplibre: chunk.maplibre,
      })),
    problems,
  };
}

export function analyseBundles(root) {
  return Object.keys(BUDGETS).map((app) => analyseApp(root, app));
}
