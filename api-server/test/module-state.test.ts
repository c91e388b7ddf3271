import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Caches, limiters and counters live on the app's context (docs/dev/architecture.md#appcontext): two apps in one process, as the
// tests and several instances behind one database need, must never share them. So no file of the server keeps
// state at module level: no top-level `let` or `var`, and no top-level collection that can be written to.

const SOURCE = join(import.meta.dirname, '../src');
const WRITABLE_COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'LRUCache', 'Array', 'Ajv']);
const READ_ONLY_TYPES = /^(ReadonlySet|ReadonlyMap|readonly )/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Top-level declarations of a file that hold writable state, as `file:line name (why)`. */
function moduleStateOf(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const { flags, declarations } = statement.declarationList;
    for (const declaration of declarations) {
      const where = `${fileName}:${file.getLineAndCharacterOfPosition(declaration.getStart()).line + 1} ${declaration.name.getText()}`;
      if (!(flags & ts.NodeFlags.Const)) {
        found.push(`${where} (a top-level let or var)`);
        continue;
      }
      const init = declaration.initializer;
      const readOnly = declaration.type && READ_ONLY_TYPES.test(declaration.type.getText());
      if (
        init &&
        ts.isNewExpression(init) &&
        WRITABLE_COLLECTIONS.has(init.expression.getText()) &&
        !readOnly
      ) {
        found.push(
          `${where} (a writable ${init.expression.getText()}; type it Readonly or move it to the app context)`,
        );
      }
    }
  }
  return found;
}

describe('module-level state in api-server/src', () => {
  it('finds none: caches, limiters and counters are created per app', () => {
    const found = sourceFiles(SOURCE).flatMap((path) =>
      moduleStateOf(relative(SOURCE, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('recognises the kinds of state it forbids', () => {
    const sample = [
      'let cached: string | undefined;',
      'const byDb = new WeakMap<object, number>();',
      'const seen = new Set<string>();',
      'const fixed: ReadonlySet<string> = new Set(["a"]);',
      'const limit = 3;',
    ].join('\n');
    expect(moduleStateOf('sample.ts', sample)).toEqual([
      'sample.ts:1 cached (a top-level let or var)',
      'sample.ts:2 byDb (a writable WeakMap; type it Readonly or move it to the app context)',
      'sample.ts:3 seen (a writable Set; type it Readonly or move it to the app context)',
    ]);
  });
});
