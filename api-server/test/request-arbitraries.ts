// Requests generated from the contract for any operation: either valid throughout (real ids where there are some,
// edge values elsewhere) or hostile part by part (invalid, junk or malformed paths, queries, bodies and files).
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { listOperations, OpenApiOperation } from '../src/lib/spec.ts';
import { multipart, type Part } from './fixtures.ts';
import { bearer } from './helper.ts';
import type { FilePart, FilePool } from './hostile-files.ts';
import {
  asText,
  fileFields,
  formFields,
  hostileValue,
  invalidValue,
  type JsonSchema,
  junkValue,
  resolve,
  validValue,
} from './spec-arbitraries.ts';

/** Ids of real rows, so generated requests reach past the 404s. */
export type RealRows = {
  quests: string[];
  adminQuests: string[];
  ownDeletableQuest: string;
  adminDeletableQuest: string;
  users: string[];
  adminTargets: string[];
  friendRequest: string;
  notifications: string[];
  report: string;
  progress: string;
  conversation: string;
};

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};
type FormPart = { name: string; value: string } | { name: string; pooled: string };
type BodyDraft =
  | { kind: 'none' }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'form'; parts: FormPart[] };
export type Draft = { url: string; body: BodyDraft };

const parametersOf = (operation: OpenApiOperation) =>
  ((operation as { parameters?: Parameter[] }).parameters ?? []).map((parameter) => resolve(parameter));

/** Bytes a URL should never carry, percent-encoded or broken: malformed escapes, traversal, NUL. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'null',
  '-1',
  '1e999',
];

/**
 * 'valid': every part as the contract allows (real ids where there are some), so handlers run with edge values;
 * 'hostile': each part valid, invalid, junk or malformed, independently.
 */
type Mode = 'valid' | 'hostile';
type Entry = ReturnType<typeof listOperations>[number];

function queryArbitrary(operation: OpenApiOperation, mode: Mode): fc.Arbitrary<string> {
  const pieces = parametersOf(operation)
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const pair = (value: unknown) => `${parameter.name}=${encodeURIComponent(asText(value))}`;
      const absent = { weight: 2, arbitrary: fc.constant('') };
      const valid = { weight: 3, arbitrary: validValue(parameter.schema).map(pair) };
      if (mode === 'valid') return parameter.required ? valid.arbitrary : fc.oneof(absent, valid);
      return fc.oneof(
        absent,
        valid,
        { weight: 3, arbitrary: invalidValue(parameter.schema).map(pair) },
        { weight: 1, arbitrary: junkValue().map(pair) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(validValue(parameter.schema), invalidValue(parameter.schema))
            .map(([good, bad]) => `${pair(good)}&${pair(bad)}`),
        },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => `${parameter.name}=${raw}`) },
      );
    });
  const unknown =
    mode === 'valid'
      ? fc.constant('')
      : fc.constantFrom('', '', 'evil=%3Cscript%3E', '__proto__%5BisAdmin%5D=true', 'page[]=1');
  return fc
    .tuple(fc.tuple(...pieces), unknown)
    .map(([chosen, extra]) => [...chosen, extra].filter(Boolean).join('&'))
    .map((query) => (query ? `?${query}` : ''));
}

const json = (value: unknown): BodyDraft => ({
  kind: 'raw',
  contentType: 'application/json',
  text: JSON.stringify(value) ?? 'null',
});
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"__proto__":{"x":1}}',
];
const WRONG_CONTENT: BodyDraft[] = [
  { kind: 'raw', contentType: 'text/plain', text: 'hello' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
  {
    kind: 'raw',
    contentType: 'application/xml',
    text: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { kind: 'raw', contentType: 'multipart/form-data; boundary=nope', text: '--nope\r\nbroken' },
  { kind: 'raw', contentType: 'multipart/form-data', text: 'no boundary at all' },
];
const IMAGES = ['png', 'jpeg'];

/** A shortened picture of a draft for failure messages (bodies can be 200 000 characters). */
export const summary = (method: string, draft: Draft) =>
  `${method} ${draft.url.slice(0, 300)} ${JSON.stringify(draft.body).slice(0, 500)}`;

/**
 * Request generators aimed at the `real` rows, sending files from the `pool`: both are read when a generator is
 * built, so a test file may fill them in its beforeAll.
 */
export function requestArbitraries(real: RealRows, pool: FilePool) {
  function realIds(operationId: string, path: string, name: string): string[] {
    if (name === 'questId') return real.quests;
    if (name === 'userId') return real.users;
    if (name === 'progressId') return [real.progress];
    if (name === 'taskOrder' || name === 'order') return ['1', '2', '3'];
    if (name === 'category') return []; // an enum: the valid values come from the schema
    if (name === 'id') {
      // Deleting removes the row for every later operation: these two only ever aim at quests made to be deleted.
      if (operationId === 'deleteQuest' || operationId === 'adminDeleteQuest') {
        return [real.ownDeletableQuest, real.adminDeletableQuest];
      }
      if (path.startsWith('/admin/quests/')) return real.adminQuests;
      if (path.startsWith('/quests/')) return real.quests;
      if (path.startsWith('/admin/users/')) return real.adminTargets;
      if (/^\/(users\/profile|friends\/remove|friends\/block)\//.test(path)) return real.users;
      if (path.startsWith('/friends/accept/')) return [real.friendRequest];
      if (path.startsWith('/users/notifications/')) return real.notifications;
      if (path.startsWith('/admin/reports/')) return [real.report];
      if (path.startsWith('/admin/support/conversations/')) return [real.conversation];
    }
    throw new Error(`no real ids for {${name}} of ${operationId}: add them to realIds`);
  }

  const uuidsOrReal = () =>
    fc.oneof(fc.uuid(), fc.constantFrom(...Object.values(real).flat().filter(Boolean)));

  function pathArbitrary({ path, operation }: Entry, mode: Mode): fc.Arbitrary<string> {
    const parameters = parametersOf(operation).filter((parameter) => parameter.in === 'path');
    const segments = parameters.map((parameter) => {
      const ids = realIds(operation.operationId, path, parameter.name);
      const text = (value: unknown) => encodeURIComponent(asText(value)).slice(0, 2_000) || 'x';
      const valid = validValue(parameter.schema).map(text);
      const realSegment = ids.length ? [{ weight: 3, arbitrary: fc.constantFrom(...ids) }] : [];
      if (mode === 'valid') return fc.oneof(...realSegment, { weight: 1, arbitrary: valid });
      return fc.oneof(
        ...realSegment,
        { weight: 2, arbitrary: valid },
        { weight: 2, arbitrary: invalidValue(parameter.schema).map(text) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
      );
    });
    return fc.tuple(...segments).map((values) => {
      let url = path;
      parameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, values[index] as string);
      });
      return `/api/v1${url}`;
    });
  }

  /** A valid form: the fields the schema allows, one or two real images per file field. */
  function validForm(schema: JsonSchema): fc.Arbitrary<BodyDraft> {
    const fields = validValue(formFields(schema), uuidsOrReal()) as fc.Arbitrary<Record<string, unknown>>;
    const files = fileFields(schema).map((name) =>
      fc
        .array(fc.constantFrom(...IMAGES), { minLength: 1, maxLength: 2 })
        .map((pooled) => pooled.map((key): FormPart => ({ name, pooled: key }))),
    );
    return fc.tuple(fields, fc.tuple(...files)).map(([values, chosen]) => ({
      kind: 'form' as const,
      parts: [
        ...Object.entries(values).map(([name, value]): FormPart => ({ name, value: asText(value) })),
        ...chosen.flat(),
      ],
    }));
  }

  /** Fields valid, invalid, junk or missing; files from the whole pool (PDF, SVG, empty...), an unknown field. */
  function hostileForm(schema: JsonSchema): fc.Arbitrary<BodyDraft> {
    const uuids = uuidsOrReal();
    const textParts = Object.entries(formFields(schema).properties ?? {}).map(([name, property]) =>
      fc.option(
        hostileValue(property, uuids).map((value): FormPart => ({ name, value: asText(value) })),
        { nil: undefined, freq: 5 },
      ),
    );
    const fileParts = [...fileFields(schema), 'unexpectedFile'].map((name) =>
      fc
        .array(fc.constantFrom(...Object.keys(pool)), { maxLength: name === 'unexpectedFile' ? 1 : 3 })
        .map((pooled) => pooled.map((key): FormPart => ({ name, pooled: key }))),
    );
    return fc
      .tuple(
        fc.tuple(...textParts),
        fc.tuple(...fileParts),
        fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junkValue() }),
      )
      .map(([text, filesChosen, extra]) => ({
        kind: 'form' as const,
        parts: [
          ...text.filter((part): part is FormPart => part !== undefined),
          ...(extra === null ? [] : [{ name: 'unknownField', value: asText(extra) }]),
          ...filesChosen.flat(),
        ],
      }));
  }

  function bodyArbitrary(method: string, operation: OpenApiOperation, mode: Mode): fc.Arbitrary<BodyDraft> {
    const content = operation.requestBody?.content;
    const malformed = fc
      .constantFrom(...MALFORMED_JSON)
      .map((text): BodyDraft => ({ kind: 'raw', contentType: 'application/json', text }));
    const none = fc.constant<BodyDraft>({ kind: 'none' });
    const schema = content?.['application/json']?.schema as JsonSchema | undefined;
    const form = content?.['multipart/form-data']?.schema as JsonSchema | undefined;
    const urlencoded = content?.['application/x-www-form-urlencoded']?.schema as JsonSchema | undefined;
    if (content && !schema && !form && !urlencoded) {
      throw new Error(`${operation.operationId}: no generator for ${Object.keys(content).join(', ')}`);
    }
    if (schema) {
      const uuids = uuidsOrReal();
      if (mode === 'valid') return validValue(schema, uuids).map(json);
      return fc.oneof(
        { weight: 2, arbitrary: validValue(schema, uuids).map(json) },
        { weight: 4, arbitrary: invalidValue(schema, uuids).map(json) },
        { weight: 1, arbitrary: junkValue().map(json) },
        { weight: 1, arbitrary: malformed },
        { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT) },
        { weight: 1, arbitrary: none },
      );
    }
    if (form) {
      if (mode === 'valid') return validForm(form);
      return fc.oneof(
        { weight: 6, arbitrary: hostileForm(form) },
        { weight: 1, arbitrary: junkValue().map(json) },
        { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT) },
        { weight: 1, arbitrary: none },
      );
    }
    if (urlencoded) {
      // An HTML form's fields as the browser encodes them, from the schema's values or anything at all.
      const encoded = (value: unknown): BodyDraft => ({
        kind: 'raw',
        contentType: 'application/x-www-form-urlencoded',
        text: new URLSearchParams(
          Object.entries(value && typeof value === 'object' ? value : { value }).map(([key, field]) => [
            key,
            asText(field),
          ]),
        ).toString(),
      });
      if (mode === 'valid') return fc.oneof(validValue(urlencoded, uuidsOrReal()).map(encoded), none);
      return fc.oneof(
        { weight: 2, arbitrary: validValue(urlencoded, uuidsOrReal()).map(encoded) },
        { weight: 3, arbitrary: invalidValue(urlencoded, uuidsOrReal()).map(encoded) },
        { weight: 2, arbitrary: junkValue().map(encoded) },
        { weight: 1, arbitrary: junkValue().map(json) },
        { weight: 1, arbitrary: none },
      );
    }
    // No body in the contract: GETs send none; other methods sometimes get one anyway.
    if (method === 'GET' || mode === 'valid') return none;
    return fc.oneof(
      { weight: 2, arbitrary: none },
      { weight: 1, arbitrary: junkValue().map(json) },
      { weight: 1, arbitrary: malformed },
    );
  }

  function draftOf(entry: Entry, mode: Mode): fc.Arbitrary<Draft> {
    return fc
      .tuple(
        pathArbitrary(entry, mode),
        queryArbitrary(entry.operation, mode),
        bodyArbitrary(entry.method, entry.operation, mode),
      )
      .map(([path, query, body]) => ({ url: `${path}${query}`, body }));
  }

  /** Two requests in five follow the contract throughout; the rest are hostile. */
  function draftArbitrary(entry: Entry): fc.Arbitrary<Draft> {
    return fc.oneof(
      { weight: 2, arbitrary: draftOf(entry, 'valid') },
      { weight: 3, arbitrary: draftOf(entry, 'hostile') },
    );
  }

  async function toInject(method: string, draft: Draft, token: string | undefined): Promise<InjectOptions> {
    const headers: Record<string, string> = token ? bearer(token) : {};
    const options: InjectOptions = { method: method as 'GET', url: draft.url, headers };
    if (draft.body.kind === 'raw') {
      headers['content-type'] = draft.body.contentType;
      options.payload = draft.body.text;
    } else if (draft.body.kind === 'form') {
      const parts: Part[] = draft.body.parts.map((part) =>
        'pooled' in part ? { name: part.name, ...(pool[part.pooled] as FilePart) } : part,
      );
      const form = await multipart(parts);
      Object.assign(headers, form.headers);
      options.payload = form.payload;
    }
    return options;
  }

  return { draftArbitrary, toInject };
}
