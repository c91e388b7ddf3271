// Generates what src/ derives from openapi.yaml: schema.gen.ts (openapi-typescript, with the enum value
// arrays) and limits.gen.ts (the size limits of fields, which openapi-typescript does not emit). `npm run gen`
// writes them into src/; scripts/check-generated.mjs writes them elsewhere and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';
import { parse } from 'yaml';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const GENERATED = ['schema.gen.ts', 'limits.gen.ts'];

const BLOB = ts.factory.createTypeReferenceNode('Blob');
const BLOB_OR_NULL = ts.factory.createUnionTypeNode([
  BLOB,
  ts.factory.createLiteralTypeNode(ts.factory.createNull()),
]);

/** Keywords that bound a value; `x-max-bytes` (file fields) is emitted as `maxBytes`, `pattern` as a string. */
const KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minimum', 'maximum'];

export async function generate(outDir) {
  const ast = await openapiTS(pathToFileURL(join(root, 'openapi.yaml')), {
    enumValues: true,
    // File fields (format: binary) are Blobs, so a multipart body's files and text fields have different types.
    transform: (schema) => {
      if (schema.format !== 'binary') return undefined;
      const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
      return nullable ? BLOB_OR_NULL : BLOB;
    },
  });
  writeFileSync(join(outDir, 'schema.gen.ts'), `${COMMENT_HEADER}${astToString(ast)}`);
  const spec = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  writeFileSync(join(outDir, 'limits.gen.ts'), limitsSource(spec));
}

function limitsSource(spec) {
  const resolve = (schema) => {
    let current = schema;
    while (current?.$ref) {
      const path = current.$ref.replace(/^#\//, '').split('/');
      current = path.reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
      if (!current) throw new Error(`openapi.yaml: unresolved ${schema.$ref}`);
    }
    return current;
  };

  /** The bounds of a schema: its own keywords, its items', its properties' (oneOf branches merged). */
  const limitsOf = (raw, where) => {
    const schema = resolve(raw);
    const out = {};
    // A named object schema has its own entry: a reference to one takes only its own keywords.
    const named = raw.$ref && (schema.properties || schema.items || schema.oneOf);
    // A property's own keywords win over those of the schema it refers to.
    for (const source of [schema, raw]) {
      for (const keyword of KEYWORDS) if (typeof source[keyword] === 'number') out[keyword] = source[keyword];
      if (typeof source['x-max-bytes'] === 'number') out.maxBytes = source['x-max-bytes'];
      if (typeof source.const === 'number') out.const = source.const;
      // A text pattern goes as its source (JSON Schema patterns are ECMAScript regular expressions).
      if (typeof source.pattern === 'string') out.pattern = source.pattern;
    }
    if (named) return Object.keys(out).length > 0 ? out : undefined;
    if (schema.items) {
      const items = limitsOf(schema.items, `${where}.items`);
      if (items) out.items = items;
    }
    const properties = {};
    const branches = [schema, ...(schema.oneOf ?? []).map(resolve)];
    for (const branch of branches) {
      if (branch !== schema) {
        for (const keyword of KEYWORDS) {
          if (typeof branch[keyword] !== 'number') continue;
          if (out[keyword] !== undefined && out[keyword] !== branch[keyword])
            throw new Error(`openapi.yaml: ${where} has oneOf branches with different ${keyword}`);
          out[keyword] = branch[keyword];
        }
      }
      for (const [name, property] of Object.entries(branch.properties ?? {})) {
        const limits = limitsOf(property, `${where}.${name}`);
        if (!limits) continue;
        if (properties[name] && JSON.stringify(properties[name]) !== JSON.stringify(limits))
          throw new Error(`openapi.yaml: ${where}.${name} has oneOf branches with different limits`);
        properties[name] = limits;
      }
    }
    if (Object.keys(properties).length > 0) out.properties = properties;
    return Object.keys(out).length > 0 ? out : undefined;
  };

  const schemas = {};
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    const limits = limitsOf(schema, name);
    if (limits) schemas[name] = limits;
  }
  const parameters = {};
  for (const [name, parameter] of Object.entries(spec.components?.parameters ?? {})) {
    const limits = limitsOf(parameter.schema ?? {}, name);
    if (limits) parameters[name] = limits;
  }
  const operationParameters = {};
  for (const item of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      const found = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.$ref) continue; // named parameters are in parameterLimits
        const limits = limitsOf(parameter.schema ?? {}, `${operation.operationId}.${parameter.name}`);
        if (limits) found[parameter.name] = limits;
      }
      if (Object.keys(found).length > 0) operationParameters[operation.operationId] = found;
    }
  }

  const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
  // Bounds on one line, nesting indented: `title: { minLength: 1, maxLength: 80 },`; a pattern as a string.
  const scalar = (v) => typeof v === 'number' || typeof v === 'string';
  const value = (v) => (typeof v === 'string' ? JSON.stringify(v) : v);
  const literal = (object, indent = '') => {
    const entries = Object.entries(object);
    if (entries.every(([, v]) => scalar(v)))
      return `{ ${entries.map(([k, v]) => `${key(k)}: ${value(v)}`).join(', ')} }`;
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${scalar(v) ? value(v) : literal(v, inner)},`).join('\n')}\n${indent}}`;
  };
  return `/**
 * This file was generated by scripts/generate.mjs from openapi.yaml.
 * Do not make direct changes to the file.
 *
 * The bounds of the contract's fields (minLength, maxLength, minItems, maxItems, minimum, maximum, const,
 * x-max-bytes as maxBytes, and pattern as its source text), by schema, shared parameter and operation parameter.
 */

export const schemaLimits = ${literal(schemas)} as const;

export const parameterLimits = ${literal(parameters)} as const;

export const operationParameterLimits = ${literal(operationParameters)} as const;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await generate(join(root, 'src'));
