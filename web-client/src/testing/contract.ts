import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * openapi.yaml as the SPA test fake reads it: which operation a request reaches, and whether an answer is
 * one that operation can give. Read once per test file, and each response schema compiled when first used.
 */

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: unknown }> };
type Operation = { operationId: string; responses: Record<string, ResponseObject> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, ResponseObject> };
};

export type ContractOperation = {
  method: string;
  /** The contract's path template, for example `/quests/{id}`. */
  template: string;
  operationId: string;
  /** The success status it declares first (200, or 201 for creations). */
  successStatus: number;
};

type Route = ContractOperation & { segments: (string | null)[]; responses: Record<string, ResponseObject> };

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const CONTRACT_ID = 'openapi.yaml';

let loaded: { document: Document; routes: Route[]; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

function load() {
  if (loaded) return loaded;
  const document = readContract();
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template
      .split('/')
      .slice(1)
      .map((segment) => (/^\{.+\}$/.test(segment) ? null : segment));
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const success = Object.keys(operation.responses)
        .filter((status) => /^2\d\d$/.test(status))
        .sort();
      routes.push({
        method: method.toUpperCase(),
        template,
        operationId: operation.operationId,
        successStatus: Number(success[0] ?? 200),
        segments,
        responses: operation.responses,
      });
    }
  }
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `strict: false` lets its own keywords (example,
  // x-max-bytes...) through. The whole document is one schema so that every `#/components/...` resolves.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, CONTRACT_ID);
  loaded = { document, routes, ajv };
  return loaded;
}

/**
 * The parsed contract. Parsing the YAML takes far longer than reading JSON and every test file of the SPAs
 * needs it, so the first parse is kept as JSON under node_modules/.cache, named by the YAML's hash.
 */
function readContract(): Document {
  const here = dirname(fileURLToPath(import.meta.url));
  const text = readFileSync(
    createRequire(import.meta.url).resolve('@cityquest/contract/openapi.yaml'),
    'utf8',
  );
  const cacheDir = join(here, '../../../node_modules/.cache/cityquest-openapi');
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as Document;
  } catch {
    const document = parse(text) as Document;
    try {
      mkdirSync(cacheDir, { recursive: true });
      // Written aside then renamed, so a test file running in parallel never reads half a file.
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(document));
      renameSync(partial, cached);
    } catch {
      // No cache (a read-only checkout): every test file parses the YAML.
    }
    return document;
  }
}

/** The operation a request reaches: literal segments win over parameters, as in the server's router. */
export function findOperation(method: string, path: string): ContractOperation | undefined {
  const parts = path.split('/').slice(1);
  let best: Route | undefined;
  for (const route of load().routes) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    if (!route.segments.every((segment, index) => segment === null || segment === parts[index])) continue;
    if (!best || moreLiteral(route.segments, best.segments)) best = route;
  }
  return best && publicPart(best);
}

function moreLiteral(a: (string | null)[], b: (string | null)[]): boolean {
  const index = a.findIndex((segment, position) => (segment === null) !== (b[position] === null));
  return index !== -1 && a[index] !== null;
}

function publicPart({ method, template, operationId, successStatus }: Route): ContractOperation {
  return { method, template, operationId, successStatus };
}

const pointerSegment = (segment: string) =>
  encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * What is wrong with an answer of an operation (nothing when openapi.yaml allows it): the status must be
 * one the operation declares, and the body must match that status's schema. A 5xx the operation does not
 * declare is allowed with any body: any server, or a proxy in front of it, can fail.
 */
export function answerProblems(operation: ContractOperation, status: number, body: unknown): string[] {
  const { document, routes, ajv } = load();
  const route = routes.find(
    (candidate) => candidate.method === operation.method && candidate.template === operation.template,
  );
  if (!route) return [`${operation.method} ${operation.template} is not an operation of openapi.yaml`];
  const declared = route.responses[String(status)]
    ? String(status)
    : route.responses.default
      ? 'default'
      : undefined;
  if (!declared) {
    if (status >= 500) return [];
    const statuses = Object.keys(route.responses).join(', ');
    return [`status ${status} is not one the operation declares (${statuses})`];
  }
  let pointer = ['paths', route.template, route.method.toLowerCase(), 'responses', declared];
  let response = route.responses[declared];
  const ref = response?.$ref;
  if (ref) {
    pointer = ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    response = document.components.responses?.[pointer[pointer.length - 1] ?? ''];
  }
  if (!response?.content?.['application/json']?.schema) return [];
  const key = [...pointer, 'content', 'application/json', 'schema'].map(pointerSegment).join('/');
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${CONTRACT_ID}#/${key}` });
    validators.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${detail(error.params)}`,
  );
}

function detail(params: Record<string, unknown>): string {
  if ('allowedValues' in params) return `: ${JSON.stringify(params.allowedValues)}`;
  if ('additionalProperty' in params) return `: ${String(params.additionalProperty)}`;
  return '';
}
