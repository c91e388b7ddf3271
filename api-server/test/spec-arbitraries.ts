import fc from 'fast-check';
import { loadSpec, type OpenApiDocument } from '../src/lib/spec.ts';

/** The subset of JSON Schema that openapi.yaml uses for requests; anything else is refused loudly. */
export type JsonSchema = {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  minProperties?: number;
  maxProperties?: number;
  contentMediaType?: string;
  'x-max-bytes'?: number;
};

const UNSUPPORTED = ['allOf', 'anyOf', 'not', 'patternProperties', 'if', 'prefixItems'];

/** Follows local `$ref`s (#/components/...) until a schema without one. */
export function resolve<T extends object>(node: T | { $ref: string }, spec: OpenApiDocument = loadSpec()): T {
  let current = node as T & { $ref?: string };
  for (let hops = 0; current.$ref; hops += 1) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve ${current.$ref}`);
    let target: unknown = spec;
    for (const key of current.$ref.slice(2).split('/')) target = (target as Record<string, unknown>)[key];
    if (!target) throw new Error(`dangling ${current.$ref}`);
    current = target as T & { $ref?: string };
  }
  return current;
}

function checked(schema: JsonSchema): JsonSchema {
  const resolved = resolve(schema);
  const unknown = UNSUPPORTED.filter((keyword) => keyword in resolved);
  if (unknown.length) throw new Error(`spec-arbitraries does not handle ${unknown.join(', ')}`);
  return resolved;
}

// Short strings keep the requests cheap; the long and huge ones come from the invalid side on purpose.
const SHORT = 24;
const text = (minLength = 0, maxLength = SHORT) =>
  fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, maxLength) });
const clamp = (value: string, schema: JsonSchema) =>
  value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);

function validString(schema: JsonSchema, uuids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const { minLength = 0, maxLength } = schema;
  if (schema.format === 'uuid') return uuids;
  if (schema.format === 'email') return fc.emailAddress().filter((value) => clamp(value, schema));
  if (schema.format === 'date-time')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => clamp(value, schema));
  if (schema.contentMediaType === 'application/json') {
    return fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => JSON.stringify(value))
      .filter((value) => clamp(value, schema));
  }
  const short = text(minLength, Math.min(maxLength ?? SHORT, SHORT));
  if (maxLength === undefined) return short;
  // The longest allowed value, in a script other than Latin, is the edge most likely to break a column.
  return fc.oneof(
    { weight: 4, arbitrary: short },
    { weight: 1, arbitrary: fc.constantFrom('ä', '字', 'x').map((unit) => unit.repeat(maxLength)) },
  );
}

function validObject(schema: JsonSchema, uuids: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const optional = Object.keys(properties).filter((key) => !required.includes(key));
  const fewest = Math.max(0, (schema.minProperties ?? 0) - required.length);
  const most = Math.min(
    optional.length,
    (schema.maxProperties ?? Number.POSITIVE_INFINITY) - required.length,
  );
  return fc.subarray(optional, { minLength: fewest, maxLength: most }).chain((chosen) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of [...required, ...chosen]) model[key] = validValue(properties[key] as JsonSchema, uuids);
    return fc.record(model);
  });
}

/**
 * Values the schema accepts. `uuids` stands for every format: uuid, so a caller can mix in ids of real rows.
 */
export function validValue(node: JsonSchema, uuids: fc.Arbitrary<string> = fc.uuid()): fc.Arbitrary<unknown> {
  const schema = checked(node);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((option) => validValue(option, uuids)));
  switch (schema.type ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return validString(schema, uuids);
    case 'integer':
      // An open bound is where server-side limits hide: sometimes the extreme value the schema still allows.
      return fc.oneof(
        {
          weight: 5,
          arbitrary: fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }),
        },
        { weight: 1, arbitrary: fc.constantFrom(schema.minimum ?? -1e308, schema.maximum ?? 1e308) },
      );
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, uuids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return validObject(schema, uuids);
    default:
      return junkValue();
  }
}

/** Deep nesting, prototype keys, control characters and plain JSON noise. */
export function junkValue(): fc.Arbitrary<unknown> {
  const deep = fc.integer({ min: 50, max: 400 }).map((depth) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
    return value;
  });
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    deep,
    fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}')),
    fc.constantFrom(
      '\u0000',
      '\u202e\u0301',
      '😀'.repeat(50),
      "'; DROP TABLE users; --",
      '<script>x</script>',
    ),
    fc.constantFrom('A'.repeat(200_000), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0),
  );
}

const OF_EACH_TYPE: [string, fc.Arbitrary<unknown>][] = [
  ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
  ['boolean', fc.boolean()],
  ['null', fc.constant(null)],
  ['string', text()],
  ['array', fc.array(fc.integer(), { maxLength: 3 })],
  ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 })],
];

/** A value of another JSON type than any the schema (or each of its oneOf options) allows. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const allowed = new Set<string>();
  for (const option of schema.oneOf?.map(checked) ?? [schema]) {
    const type = option.type ?? (option.properties ? 'object' : undefined);
    if (!type) return undefined;
    allowed.add(type === 'integer' ? 'number' : type);
  }
  return fc.oneof(...OF_EACH_TYPE.filter(([type]) => !allowed.has(type)).map(([, arbitrary]) => arbitrary));
}

function invalidString(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [];
  const { maxLength, minLength = 0 } = schema;
  if (maxLength !== undefined) {
    options.push(
      fc.integer({ min: maxLength + 1, max: maxLength + 200 }).map((length) => 'ü'.repeat(length)),
    );
    options.push(fc.constant('A'.repeat(Math.max(100_000, maxLength * 2))));
  }
  if (minLength > 0) options.push(fc.constant(''));
  if (schema.format === 'uuid')
    options.push(fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000', "1' OR '1'='1"));
  if (schema.format === 'email') options.push(fc.constantFrom('no-at-sign', '@example.com', 'a@', 'a b@c.d'));
  if (schema.format === 'date-time')
    options.push(fc.constantFrom('yesterday', '2026-13-40T25:61:00Z', '2026-10-04', '1700000000'));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    options.push(text(1, 30).filter((value) => !pattern.test(value)));
  }
  return options;
}

function invalidNumber(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.minimum !== undefined) options.push(fc.constantFrom(schema.minimum - 1, -1e308));
  if (schema.maximum !== undefined) options.push(fc.constantFrom(schema.maximum + 1, 1e308));
  if (schema.type === 'integer') options.push(fc.double({ min: -10, max: 10, noInteger: true }));
  return options;
}

function invalidObject(schema: JsonSchema, uuids: fc.Arbitrary<string>): fc.Arbitrary<unknown>[] {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const options: fc.Arbitrary<unknown>[] = [];
  const valid = validObject(schema, uuids);
  if (required.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return copy;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    options.push(
      fc
        .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), junkValue())
        .filter(([, key]) => !(key in properties) && key !== '__proto__')
        .map(([value, key, extra]) => ({ ...value, [key]: extra })),
    );
  }
  if (schema.minProperties) options.push(fc.constant({}));
  if (schema.maxProperties !== undefined) {
    const keys = Object.keys(properties);
    if (keys.length > schema.maxProperties) {
      const too = keys.slice(0, schema.maxProperties + 1);
      options.push(
        fc.record(Object.fromEntries(too.map((key) => [key, validValue(properties[key] ?? {}, uuids)]))),
      );
    }
  }
  const keys = Object.keys(properties);
  if (keys.length) {
    options.push(
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .chain(([value, key]) =>
          invalidValue(properties[key] ?? {}, uuids).map((bad) => ({ ...value, [key]: bad })),
        ),
    );
  }
  return options;
}

/** Values the schema refuses: wrong types, out of range, overlong, unknown enum members, broken objects. */
export function invalidValue(
  node: JsonSchema,
  uuids: fc.Arbitrary<string> = fc.uuid(),
): fc.Arbitrary<unknown> {
  const schema = checked(node);
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.enum || 'const' in schema) {
    const allowed = schema.enum ?? [schema.const];
    options.push(fc.constantFrom('unknown', 'ALL', '', 'Art ').filter((value) => !allowed.includes(value)));
  }
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  const other = wrongType(schema);
  if (other) options.push(other);
  if (type === 'string' && !schema.enum) options.push(...invalidString(schema));
  if (type === 'integer' || type === 'number') options.push(...invalidNumber(schema));
  if (type === 'array') {
    if (schema.maxItems !== undefined) {
      options.push(
        fc.array(validValue(schema.items ?? {}, uuids), {
          minLength: schema.maxItems + 1,
          maxLength: schema.maxItems + 3,
        }),
      );
    }
    if (schema.minItems) options.push(fc.constant([]));
    if (schema.items) options.push(invalidValue(schema.items, uuids).map((bad) => [bad]));
  }
  if (type === 'object') options.push(...invalidObject(schema, uuids));
  if (!options.length) throw new Error(`no invalid value for ${JSON.stringify(schema)}`);
  return fc.oneof(...options);
}

/** Mostly invalid, sometimes valid, sometimes pure junk: what a hostile client sends. */
export function hostileValue(
  schema: JsonSchema,
  uuids: fc.Arbitrary<string> = fc.uuid(),
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, uuids) },
    { weight: 3, arbitrary: invalidValue(schema, uuids) },
    { weight: 1, arbitrary: junkValue() },
  );
}

/** How a value travels in a query string or a form field. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

const isFile = (schema: JsonSchema) => schema.type === 'string' && schema.format === 'binary';

/** Which properties of a multipart schema are files (format: binary, alone or as array items). */
export function fileFields(form: JsonSchema, spec: OpenApiDocument = loadSpec()): string[] {
  const properties = resolve(form, spec).properties ?? {};
  return Object.keys(properties).filter((name) => {
    const property = resolve(properties[name] as JsonSchema, spec);
    return isFile(property) || (property.type === 'array' && isFile(resolve(property.items ?? {}, spec)));
  });
}

/** A multipart schema without its files: the text fields a form carries. */
export function formFields(form: JsonSchema, spec: OpenApiDocument = loadSpec()): JsonSchema {
  const schema = resolve(form, spec);
  const files = new Set(fileFields(schema, spec));
  const keep = Object.entries(schema.properties ?? {}).filter(([name]) => !files.has(name));
  return {
    ...schema,
    properties: Object.fromEntries(keep),
    required: (schema.required ?? []).filter((name) => !files.has(name)),
  };
}
