// Bundles the contract's sources (root.yaml and the paths/ and components/ files it refers to) with the
// Redocly CLI into openapi.yaml, the one file every reader takes. `npm run gen` writes it before generating
// src/ from it; scripts/check-generated.mjs bundles again and compares. A request schema that composes fields
// with `allOf` and closes itself with `unevaluatedProperties: false` is bundled as one object (mergeClosedAllOf).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isSeq, parseDocument, YAMLMap } from 'yaml';

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
    return HEADER + mergeClosedAllOf(readFileSync(output, 'utf8'));
  } catch (error) {
    // The CLI's own report (which file, which $ref) is the useful part; it also prints a banner on success.
    process.stderr.write(error.stderr ?? '');
    throw new Error('redocly bundle root.yaml failed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A request that composes its fields (`allOf: [QuestEditableFields]` plus its own properties) closes itself with
 * `unevaluatedProperties: false`, which sees the composed fields. The server's request validators speak JSON
 * Schema draft-07, which has no `unevaluatedProperties`, and `additionalProperties: false` would refuse every
 * composed field; so the sources keep the composition (each field written once) and the bundle, which the
 * server, the SPAs' fake and the generated types read, gets one object closed with `additionalProperties: false`:
 * the parts' properties first, in their order, then the schema's own, a field named by several parts with the
 * keywords of each, and the parts' `required` joined to its own. A keyword given twice fails the bundle.
 */
export function mergeClosedAllOf(text) {
  const document = parseDocument(text);
  const schemas = document.getIn(['components', 'schemas']);
  const named = (node) => {
    const ref = isMap(node) ? node.get('$ref') : undefined;
    const name = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined;
    if (!name || !schemas.has(name))
      throw new Error(`bundle: a closed allOf part must be a named schema (${ref})`);
    return schemas.get(name);
  };
  for (const { key, value: schema } of schemas.items) {
    if (!isMap(schema) || schema.get('unevaluatedProperties') !== false || !isSeq(schema.get('allOf')))
      continue;
    const properties = new YAMLMap();
    const required = [];
    const parts = [...schema.get('allOf').items.map(named), schema];
    for (const part of parts) {
      for (const { key: name, value: property } of part.get('properties')?.items ?? []) {
        const merged = properties.get(name.value);
        if (!merged) {
          properties.set(name.value, property.clone());
          continue;
        }
        // A later part adds keywords to a field (QuestFieldsNotBlank's minLength); it never changes one.
        for (const { key: keyword, value } of property.items) {
          if (merged.has(keyword.value))
            throw new Error(`bundle: ${key.value}.${name.value}.${keyword.value} is given twice`);
          merged.set(keyword.value, value.clone());
        }
      }
      for (const name of part.get('required')?.toJSON() ?? [])
        if (!required.includes(name)) required.push(name);
    }
    schema.delete('allOf');
    schema.items.find((pair) => pair.key.value === 'unevaluatedProperties').key.value =
      'additionalProperties';
    schema.set('properties', properties);
    if (required.length) schema.set('required', document.createNode(required));
  }
  return document.toString({ lineWidth: 0 });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(join(root, BUNDLED), bundleText());
