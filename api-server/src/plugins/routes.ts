import { BlockList, isIPv6 } from 'node:net';
import openapiGlue from '@platformatic/fastify-openapi-glue';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../lib/http-error.ts';
import type { Handler, Handlers, OperationId } from '../lib/route-types.ts';
import { allowsVisitors, listOperations, loadSpec, type QuotaName, requiresAuth } from '../lib/spec.ts';
import type { DocumentedMessages } from '../lib/validation-messages.ts';
import { requireRole } from './auth.ts';
import { refuseControlCharacters } from './control-characters.ts';
import { compileMultipartRule, createMultipartValidator, readMultipart } from './multipart.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation's `x-messages`: its own wording of request body failures. */
    documentedMessages?: DocumentedMessages;
    /** The operation reads an HTML form's body (the one-click unsubscribe of RFC 8058). */
    formBody?: boolean;
  }
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * Form bodies only where the contract reads them: a cross-site HTML form can post this type without a CORS
 * preflight, so every other operation refuses it as it refuses any undeclared type.
 */
function parseFormBody(
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
) {
  if (!request.routeOptions.config.formBody)
    return done(Object.assign(new Error('Unsupported content type'), { statusCode: 415 }));
  done(null, Object.fromEntries(new URLSearchParams(body)));
}

type RoutesOptions = {
  handlers: Handlers;
  authenticate: (request: FastifyRequest) => Promise<void>;
  /** Operations marked x-dev-only answer 404 like unknown routes unless this is set (DEV_MODE=1). */
  devRoutes: boolean;
  /** The per-address limit of an `x-rate-limit: auth` operation (plugins/auth-rate-limit.ts). */
  authRateLimit: (operationId: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The guard of each `x-quota` (plugins/quotas.ts). */
  quotaGuard: (name: QuotaName) => onRequestHookHandler;
};

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * A client on the server's own machine, from the socket's peer and never request.ip, which follows
 * X-Forwarded-For when TRUST_PROXY is set. A request relayed by a proxy on this machine arrives from loopback
 * too, so one carrying forwarding headers is not counted as local.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (!address || request.headers['x-forwarded-for'] || request.headers.forwarded) return false;
  return LOOPBACK.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** PostgreSQL's integer: page numbers, task orders and badge numbers all end up in such columns or offsets. */
const INTEGER_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

/**
 * Bounds the integers of a request schema that the contract leaves open (page, taskOrder, badgeId...) by
 * PostgreSQL's integer, so 1e308, or 1e999 (coerced to Infinity), answers 400 instead of failing a query.
 */
function boundIntegers(schema: unknown, seen = new WeakSet<object>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  if (node.type === 'integer') {
    node.minimum ??= INTEGER_RANGE.minimum;
    node.maximum ??= INTEGER_RANGE.maximum;
  }
  for (const value of Object.values(node)) boundIntegers(value, seen);
}

/** The success envelope (docs/product-rules/api-shapes.md#envelopes) around a handler's data. */
function wrap(handler: Handler<OperationId>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await handler(request as never, reply);
    const statusCode = Number(result.statusCode ?? 200);
    reply.code(statusCode);
    return { success: true, statusCode, message: result.message, data: result.data };
  };
}

function notImplemented(operationId: string) {
  return async () => {
    throw new HttpError(501, `${operationId} is not implemented yet`);
  };
}

/**
 * Builds every /api/v1 route from openapi.yaml: paths, parameter and body validation and response
 * serialisation come from the contract; security and x-roles on an operation become hooks here, so no route
 * can forget its guard.
 */
export const routesPlugin = fp(async (app: FastifyInstance, options: RoutesOptions) => {
  const spec = loadSpec();
  const multipartValidator = createMultipartValidator();
  const operations = new Map(
    listOperations(spec).map((entry) => [entry.operation.operationId, entry.operation]),
  );

  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, parseFormBody);
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    const operation = operationId ? operations.get(operationId) : undefined;
    if (!operationId || !operation || !route.schema) return;
    route.config = {
      ...(route.config as object),
      documentedMessages: operation.requestBody?.['x-messages'],
      formBody: Boolean(operation.requestBody?.content[FORM]),
    };
    const guards: onRequestHookHandler[] = [];
    if (operation['x-dev-only']) {
      // Development aids (the outbox holds sign-in codes) exist only under DEV_MODE, and only for this machine;
      // checked before validation so that nothing tells them apart from an unknown route.
      const devOnly: onRequestHookHandler = async (request) => {
        if (!options.devRoutes || !isLocalClient(request)) throw notFound('Route not found');
      };
      guards.push(devOnly);
    }
    if (operation['x-rate-limit'] === 'auth') guards.push(options.authRateLimit(operationId));
    if (requiresAuth(operation, spec)) {
      guards.push(options.authenticate as unknown as onRequestHookHandler);
      const roles = operation['x-roles'];
      if (roles?.length) guards.push(requireRole(roles));
    } else if (allowsVisitors(operation, spec)) {
      // A visitor reads without a token; a token sent must still be valid, so an expired one answers 401 and
      // the client refreshes it rather than being shown the visitor's view.
      const authenticateIfSent: onRequestHookHandler = async (request) => {
        if (request.headers.authorization !== undefined) await options.authenticate(request);
      };
      guards.push(authenticateIfSent);
    }
    const quota = operation['x-quota'];
    if (quota) guards.push(options.quotaGuard(quota));
    route.onRequest = [...asArray(route.onRequest), ...guards];
    for (const part of ['params', 'querystring', 'body'] as const) boundIntegers(route.schema[part]);
    if (operation.requestBody && !operation.requestBody.required) {
      // An optional body left out is an empty one, as its schema expects an object.
      const emptyBody: preValidationHookHandler = async (request) => {
        request.body ??= {};
      };
      route.preValidation = [...asArray(route.preValidation), emptyBody];
    }
    if (operation.requestBody?.content['multipart/form-data'] && route.schema.body) {
      const rule = compileMultipartRule(multipartValidator, route.schema.body as never);
      delete route.schema.body;
      const parse: preValidationHookHandler = async (request) => readMultipart(request, rule);
      route.preValidation = [...asArray(route.preValidation), parse];
    }
    route.preValidation = [
      ...asArray(route.preValidation),
      refuseControlCharacters as unknown as preValidationHookHandler,
    ];
  });

  await app.register(openapiGlue, {
    specification: structuredClone(spec),
    prefix: API_PREFIX,
    operationResolver: (operationId: string) => {
      const handler = options.handlers[operationId as OperationId];
      return handler ? wrap(handler as Handler<OperationId>) : notImplemented(operationId);
    },
  });
});
