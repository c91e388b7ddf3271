import type { paths } from '@cityquest/contract';
import { onTestFinished } from 'vitest';
import { answerProblems, type ContractOperation, findOperation } from './contract.ts';

/**
 * Test double for the network under the real createApiClient. Handlers are registered by contract path
 * ('/quests/{id}') or by a concrete path ('/quests/3f0c…'), and every answer they give is checked against
 * openapi.yaml, so a test whose fake answer the server could not give fails and names the operation.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's path templates that have an operation for `method`, such as '/quests/{id}'. */
export type ContractPath<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][Lowercase<M>]>] extends [never] ? never : P;
}[keyof paths];

/** '/quests/{id}' as a concrete path: '/quests/${string}'. */
type Concrete<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Concrete<Tail>}`
  : P;

/** A path `on` accepts for `method`: a contract template or a path of one. */
export type FakePath<M extends Method> = ContractPath<M> | Concrete<ContractPath<M>>;

export type Answer = { status: number; body: unknown };
type Handler = (request: Request, body: unknown) => Answer | Promise<Answer>;

/**
 * `enforce` (the default): an answer that openapi.yaml does not allow fails the running test when it ends.
 * `warn`: it is only logged. `off`: answers are not checked. FAKE_API_CONTRACT=warn (or off) in the
 * environment changes the default, for example to list every mismatch of a suite in one run.
 */
export type ContractMode = 'enforce' | 'warn' | 'off';

export type FakeApi = {
  calls: { method: string; path: string; body: unknown; auth: string | null }[];
  on<M extends Method>(method: M, path: FakePath<M>, handler: Handler): void;
  /** Every contract problem of the answers given so far. */
  problems: string[];
  /** Throws the problems not yet thrown (the running test does this when it ends, in `enforce` mode). */
  assertContract(): void;
};

function defaultMode(): ContractMode {
  const { process } = globalThis as { process?: { env: Record<string, string | undefined> } };
  const chosen = process?.env.FAKE_API_CONTRACT;
  return chosen === 'warn' || chosen === 'off' ? chosen : 'enforce';
}

/** A fetch stub for the real createApiClient: answers by method and path, 404 otherwise. */
export function fakeApi(
  options: { contract?: ContractMode } = {},
): FakeApi & { fetch: (request: Request) => Promise<Response> } {
  const mode = options.contract ?? defaultMode();
  const handlers = new Map<string, Handler>();
  const calls: FakeApi['calls'] = [];
  const problems: string[] = [];
  let pending: string[] = [];
  let hooked = false;

  function assertContract() {
    const found = pending;
    pending = [];
    if (found.length > 0) throw new Error(found.join('\n\n'));
  }

  function report(problem: string) {
    problems.push(problem);
    if (mode === 'warn') {
      console.warn(problem);
      return;
    }
    pending.push(problem);
    if (hooked) return;
    try {
      onTestFinished(() => {
        hooked = false;
        assertContract();
      });
      hooked = true;
    } catch {
      // Answered outside a running test (after it ended): nothing left to fail, so say it.
      pending = pending.filter((other) => other !== problem);
      console.error(problem);
    }
  }

  function check(method: string, path: string, operation: ContractOperation | undefined, answer: Answer) {
    if (!operation) {
      report(`Fake API: ${method} ${path} is not an operation of openapi.yaml.`);
      return;
    }
    const found = answerProblems(operation, answer.status, answer.body);
    const { statusCode } = (answer.body ?? {}) as { statusCode?: unknown };
    if (typeof statusCode === 'number' && statusCode !== answer.status)
      found.push(`/statusCode ${statusCode} differs from the HTTP status`);
    if (found.length > 0) report(describe(operation, path, answer.status, found));
  }

  return {
    calls,
    problems,
    assertContract,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    async fetch(request) {
      const method = request.method;
      const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
      const type = request.headers.get('Content-Type') ?? '';
      const body = type.includes('application/json')
        ? await request.json()
        : type.includes('multipart')
          ? await request.formData()
          : undefined;
      calls.push({ method, path, body, auth: request.headers.get('Authorization') });
      const operation = findOperation(method, path);
      const handler =
        handlers.get(`${method} ${path}`) ?? (operation && handlers.get(`${method} ${operation.template}`));
      if (!handler) return json(404, { success: false, statusCode: 404, message: 'Route not found' });
      const given = await handler(request, body);
      const answer = operation ? asDeclaredSuccess(given, operation) : given;
      if (mode !== 'off') check(method, path, operation, answer);
      return json(answer.status, answer.body);
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function describe(operation: ContractOperation, path: string, status: number, found: string[]): string {
  const shown = found.slice(0, 8).map((problem) => `  - ${problem}`);
  if (found.length > shown.length) shown.push(`  - and ${found.length - shown.length} more`);
  const requested = path === operation.template ? '' : ` (requested as ${path})`;
  return [
    `Fake API answer does not match openapi.yaml: ${operation.operationId} (${operation.method} ${operation.template})${requested} answered ${status}:`,
    ...shown,
  ].join('\n');
}

const successes = new WeakSet<Answer>();

/** `ok` means the operation's success: an operation that answers 201 gets 201. */
function asDeclaredSuccess(answer: Answer, operation: ContractOperation): Answer {
  if (!successes.has(answer) || answer.status === operation.successStatus) return answer;
  const status = operation.successStatus;
  return { status, body: { ...(answer.body as object), statusCode: status } };
}

/** The success envelope around `data`, with the operation's success status (200, or 201 where declared). */
export function ok(data: unknown, message = 'OK'): Answer {
  const answer = { status: 200, body: { success: true, statusCode: 200, message, data } };
  successes.add(answer);
  return answer;
}

/** The error envelope; `errors` are the per-field problems of a 400. */
export function fail(status: number, message: string, errors?: { field: string; message: string }[]): Answer {
  return { status, body: { success: false, statusCode: status, message, ...(errors ? { errors } : {}) } };
}
