/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The rule that keeps both SPAs on one data layer: screens reach the server only through query options and
 * mutation hooks. Only `*-api.ts` modules (and the entry that creates the client) may use the API client; what such
 * a module exports that calls it must be a query-options factory (`…Queries`) or a mutation hook (`use…`). The
 * session has no exemption: the current user is a query and every sign-in flow a mutation (`lib/auth-api.ts`).
 */
export function queryLayerViolations(files: { path: string; text: string }[]): string[] {
  const violations: string[] = [];
  for (const { path, text } of files) {
    const isApiModule = /-api\.ts$/.test(path) || /(^|\/)lib\/api\.ts$/.test(path);
    const mayUseClient = isApiModule || /(^|\/)main\.tsx?$/.test(path);
    if (!mayUseClient && /from '[^']*\/api\.ts'/.test(text))
      violations.push(`${path}: imports the API client`);
    if (!mayUseClient && /\b(unwrap(Envelope)?|getQuery|getPages)\(/.test(text))
      violations.push(`${path}: calls the API outside the query layer`);
    if (!isApiModule) continue;
    for (const declaration of text.split(/\n(?=export )/)) {
      const name = /^export (?:async )?(?:const|function) (\w+)/.exec(declaration)?.[1];
      if (name && /\b(api\(\)|getQuery\(|getPages\()/.test(declaration) && !/Queries$|^use[A-Z]/.test(name))
        violations.push(
          `${path}: ${name} calls the API but is neither a …Queries factory nor a use… mutation hook`,
        );
    }
  }
  return violations;
}

/** Every non-test source file under a folder, with its path relative to that folder. */
export function sourceFiles(root: string): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.gen\.ts$/.test(entry.name)) {
        files.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}
