import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import type { DocumentedMessages } from './validation-messages.ts';

const require = createRequire(import.meta.url);

/** The values of `x-quota`: a quota counted over stored rows (plugins/quotas.ts). */
export type QuotaName =
  | 'quest-creations'
  | 'proof-submissions'
  | 'bug-reports'
  | 'contact-messages'
  | 'feedback'
  | 'support-messages'
  | 'friend-requests';

export type OpenApiOperation = {
  operationId: string;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  'x-rate-limit'?: 'auth';
  'x-dev-only'?: boolean;
  'x-quota'?: QuotaName;
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: unknown }>;
    'x-messages'?: DocumentedMessages;
  };
  responses: Record<string, unknown>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Record<string, string[]>[];
  components: Record<string, Record<string, unknown>>;
};

export const specPath: string = require.resolve('@cityquest/contract/openapi.yaml');

/** The contract, read when the server loads: contract/openapi.yaml is the single source of truth for /api/v1. */
const contract = parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;

export function loadSpec(): OpenApiDocument {
  return contract;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type SpecOperation = { method: string; path: string; operation: OpenApiOperation };

export function listOperations(spec: OpenApiDocument = loadSpec()): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return operations;
}

/**
 * Whether an operation also answers visitors without a token (security lists an empty requirement beside the
 * bearer one): a token given is still checked (docs/product-rules/accounts-and-security.md#visitors).
 */
export function allowsVisitors(operation: OpenApiOperation, spec: OpenApiDocument = loadSpec()): boolean {
  const security = operation.security ?? spec.security ?? [];
  return (
    security.some((requirement) => Object.keys(requirement).length === 0) &&
    security.some((requirement) => Object.keys(requirement).length > 0)
  );
}

/** Whether an operation needs a bearer token: its own security, else the document's. */
export function requiresAuth(operation: OpenApiOperation, spec: OpenApiDocument = loadSpec()): boolean {
  const security = operation.security ?? spec.security ?? [];
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}
