// npm test: fails when a comment cites a docs/ page or section that does not exist, or a relative link in the
// README or docs/ leads nowhere, and lists them all. Sections are GitHub's heading anchors.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where code cites the docs: sources, styles, pages and the contract's YAML. */
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|html|ya?ml)$/;
/** A citation such as docs/product-rules/quests.md#field-limits (the section is optional). */
const CITATION = /(?<![\w/.-])docs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
/** [text](target) and ![alt](target), the target up to a space or the closing parenthesis. */
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** [label]: target */
const REFERENCE_LINK = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

// Tracked and new files alike, minus what .gitignore leaves out (node_modules, dist, reports).
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((file) => file && !/(^|\/)(node_modules|dist)\//.test(file))
  .filter((file) => existsSync(join(root, file)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function slugOf(heading, seen) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*`]/g, '')
    .trim()
    .toLowerCase();
  const base = text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

/** The lines of a Markdown file outside fenced code blocks, with their numbers. */
function proseLines(text) {
  const lines = [];
  let fence = null;
  for (const [index, line] of text.split('\n').entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    else if (fence === null) lines.push({ line, number: index + 1 });
  }
  return lines;
}

const anchorsByFile = new Map();
function anchorsOf(file) {
  if (!anchorsByFile.has(file)) {
    const anchors = new Set();
    const seen = new Map();
    for (const { line } of proseLines(readFileSync(join(root, file), 'utf8'))) {
      const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
      if (heading !== undefined) anchors.add(slugOf(heading, seen));
      for (const [, id] of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
    }
    anchorsByFile.set(file, anchors);
  }
  return anchorsByFile.get(file);
}

/** Why `target` (a repository path with an optional #anchor) leads nowhere, or undefined when it is there. */
function problemWith(path, anchor) {
  if (path.startsWith('..') || !existsSync(join(root, path))) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(join(root, path)).isDirectory() || !path.endsWith('.md')) return undefined;
  return anchorsOf(path).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : 'no such section';
}

const problems = [];
let checked = 0;
function check(from, number, cited, path, anchor) {
  checked += 1;
  const problem = problemWith(path, anchor);
  if (problem) problems.push(`${from}:${number}: ${cited}: ${problem}`);
}

for (const file of files.filter((name) => SOURCE.test(name))) {
  for (const [index, line] of readFileSync(join(root, file), 'utf8').split('\n').entries()) {
    for (const [cited] of line.matchAll(CITATION)) {
      const [path, anchor] = cited.split('#');
      check(file, index + 1, cited, path, anchor);
    }
  }
}

const markdown = files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));
for (const file of markdown) {
  for (const { line, number } of proseLines(readFileSync(join(root, file), 'utf8'))) {
    const prose = line.replace(/`[^`]*`/g, '');
    const targets = [...prose.matchAll(INLINE_LINK)].map((match) => match[1]);
    const reference = REFERENCE_LINK.exec(prose)?.[1];
    if (reference) targets.push(reference);
    for (const target of targets) {
      if (EXTERNAL.test(target)) continue;
      const [link, anchor] = target.split('#');
      const path = link === '' ? file : link.startsWith('/') ? link.slice(1) : join(dirname(file), link);
      check(file, number, target, normalize(decodeURIComponent(path)), anchor);
    }
  }
}

if (problems.length) {
  console.error(`check:links: ${problems.length} citation(s) or link(s) lead nowhere:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check:links: ${checked} doc citations and relative links lead to their file and section.`);
