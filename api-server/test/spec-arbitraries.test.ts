import $RefParser from '@apidevtools/json-schema-ref-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../src/lib/spec.ts';
import { formFields, invalidValue, type JsonSchema, resolve, validValue } from './spec-arbitraries.ts';

type Parameter = { name: string; in: string; schema: JsonSchema };

/** Every request schema of the contract: JSON bodies, multipart text fields and parameters. */
function requestSchemas(spec: ReturnType<typeof loadSpec>): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = [];
  for (const { operation } of listOperations(spec)) {
    const { operationId, requestBody } = operation;
    const parameters = ((operation as { parameters?: Parameter[] }).parameters ?? []).map((p) =>
      resolve(p, spec),
    );
    for (const parameter of parameters) found.push([`${operationId} ${parameter.name}`, parameter.schema]);
    const json = requestBody?.content['application/json']?.schema as JsonSchema | undefined;
    if (json) found.push([`${operationId} body`, json]);
    const form = requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
    if (form) found.push([`${operationId} form`, formFields(form, spec)]);
  }
  return found;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const dereferenced = (await $RefParser.dereference(structuredClone(loadSpec()))) as unknown as ReturnType<
  typeof loadSpec
>;
const raw = requestSchemas(loadSpec());
const plain = requestSchemas(dereferenced);

describe('arbitraries built from openapi.yaml', () => {
  it('finds the request schemas of the contract', () => {
    expect(raw.length).toBeGreaterThan(100);
    expect(raw.map(([name]) => name)).toEqual(plain.map(([name]) => name));
  });

  it.each(raw.map(([name, schema], index) => [name, schema, plain[index]?.[1]] as const))(
    '%s: valid values pass the schema, invalid ones fail it',
    (_name, schema, expanded) => {
      const validate = ajv.compile(expanded as object);
      for (const value of fc.sample(validValue(schema), { seed: 7, numRuns: 25 })) {
        expect(validate(value), JSON.stringify(value)?.slice(0, 300)).toBe(true);
      }
      for (const value of fc.sample(invalidValue(schema), { seed: 7, numRuns: 25 })) {
        expect(validate(value), JSON.stringify(value)?.slice(0, 300)).toBe(false);
      }
    },
  );

  it('refuses schema keywords it does not understand instead of guessing', () => {
    expect(() => validValue({ anyOf: [{ type: 'string' }] } as JsonSchema)).toThrow(/anyOf/);
  });
});
