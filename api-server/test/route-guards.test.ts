import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, requiresAuth } from '../src/lib/spec.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const secured = listOperations().filter(({ operation }) => requiresAuth(operation));
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('every operation that needs a bearer token refuses a visitor', () => {
  it('has secured operations to check', () => {
    expect(secured.length).toBeGreaterThan(0);
  });

  it.each(secured.map(({ method, path, operation }) => [operation.operationId, method, path] as const))(
    '%s (%s %s) answers 401 without a token and with a garbage token',
    async (_operationId, method, path) => {
      const url = `/api/v1${concretePath(path)}`;
      const none = await t.request({ method: method as 'GET', url });
      expect(none.statusCode).toBe(401);
      const garbage = await t.request({
        method: method as 'GET',
        url,
        headers: { authorization: 'Bearer nonsense' },
      });
      expect(garbage.statusCode).toBe(401);
    },
  );
});
