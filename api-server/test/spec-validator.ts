import $RefParser from '@apidevtools/json-schema-ref-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { HTTP_METHODS, loadSpec } from '../src/lib/spec.ts';

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Route = { method: string; pattern: RegExp; template: string; operation: Operation };

let routes: Route[] | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

async function loadRoutes(): Promise<Route[]> {
  if (routes) return routes;
  const document = (await $RefParser.dereference(structuredClone(loadSpec()))) as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^/api/v1${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) routes.push({ method: method.toUpperCase(), pattern, template, operation });
    }
  }
  return routes;
}

/**
 * Checks a response against openapi.yaml: the operation must declare the status, and a JSON body must
 * match its schema. Answers a list of problems (empty when the response is as the contract says).
 */
export async function checkResponse(
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): Promise<string[]> {
  const path = url.split('?')[0] ?? url;
  const route = (await loadRoutes()).find(
    (candidate) => candidate.method === method && candidate.pattern.test(path),
  );
  if (!route) return status === 404 ? [] : [`${method} ${path} answered ${status} but is not in the spec`];
  const declared = route.operation.responses[String(status)] ?? route.operation.responses.default;
  if (!declared)
    return [`${route.operation.operationId} answered ${status}, which the spec does not declare`];
  const streamed = declared.content?.['text/event-stream'];
  if (streamed && !contentType?.startsWith('text/event-stream'))
    return [`${route.operation.operationId} ${status}: not an event stream`];
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return [];
  if (!contentType?.includes('application/json'))
    return [`${route.operation.operationId} ${status}: not JSON`];
  const key = `${route.operation.operationId}:${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  if (validate(JSON.parse(body))) return [];
  return [`${key} does not match the spec: ${ajv.errorsText(validate.errors)}`];
}
