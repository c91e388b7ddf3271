import { aUser } from '@cityquest/contract/testing/users';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from './fake-api.ts';

const BASE = 'http://api.test/api/v1';
const QUEST_ID = '3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
const USER_ID = '9a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d99';

const request = (method: string, path: string, body?: unknown) =>
  new Request(`${BASE}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });

// Each test that causes problems takes them with assertContract, else it would fail when it ends.
const quietApi = () => fakeApi({ contract: 'enforce' });

describe('the fake API', () => {
  it('gives an answer the contract allows and records no problem', async () => {
    const api = quietApi();
    api.on('GET', '/users/current-user', () => ok(aUser()));
    const response = await api.fetch(request('GET', '/users/current-user'));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { username: string } }).data.username).toBe('asha');
    expect(api.problems).toEqual([]);
  });

  it('names the operation and the missing field when an answer lacks a required field', async () => {
    const api = quietApi();
    const { email: _email, ...withoutEmail } = aUser();
    api.on('GET', '/users/current-user', () => ok(withoutEmail));
    const response = await api.fetch(request('GET', '/users/current-user'));
    // The app still gets the answer; the test fails when it ends.
    expect(response.status).toBe(200);
    expect(api.problems).toHaveLength(1);
    expect(api.problems[0]).toMatch(/getCurrentUser \(GET \/users\/current-user\) answered 200/);
    expect(api.problems[0]).toMatch(/\/data must have required property 'email'/);
    expect(() => api.assertContract()).toThrow(/getCurrentUser/);
    expect(() => api.assertContract()).not.toThrow();
  });

  it('fails the running test when it ends, in enforce mode', async ({ onTestFinished }) => {
    // Registered before the fake's own check, so it runs after it (last registered runs first): it expects
    // exactly the fake's error, then lets the test pass.
    onTestFinished(({ task }) => {
      const result = task.result;
      expect(result?.errors?.map((error) => error.message)).toEqual([
        expect.stringMatching(
          /^Fake API answer does not match openapi.yaml: getCurrentUser .* answered 200:/,
        ),
      ]);
      if (result) Object.assign(result, { state: 'pass', errors: [] });
    });
    const api = quietApi();
    api.on('GET', '/users/current-user', () => ok({ ...aUser(), xp: -1 }));
    await api.fetch(request('GET', '/users/current-user'));
  });

  it('reports a value outside an enum with the allowed values', async () => {
    const api = quietApi();
    api.on('GET', '/users/current-user', () => ok(aUser({ role: 'owner' as never })));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems[0]).toMatch(
      /\/data\/role must be equal to one of the allowed values: \["user","admin","super_admin"\]/,
    );
    expect(() => api.assertContract()).toThrow(/getCurrentUser/);
  });

  it('matches a contract template against concrete paths', async () => {
    const api = quietApi();
    api.on('DELETE', '/friends/remove/{id}', (req) =>
      ok({ _id: new URL(req.url).pathname.split('/').pop() }),
    );
    const response = await api.fetch(request('DELETE', `/friends/remove/${USER_ID}`));
    expect(await response.json()).toMatchObject({ data: { _id: USER_ID } });
    expect(api.problems).toEqual([]);
  });

  it('still answers a concrete path, which wins over the template', async () => {
    const api = quietApi();
    api.on('DELETE', '/friends/remove/{id}', () => fail(404, 'Not found'));
    api.on('DELETE', `/friends/remove/${USER_ID}`, () => ok({ _id: USER_ID }));
    expect((await api.fetch(request('DELETE', `/friends/remove/${USER_ID}`))).status).toBe(200);
    expect((await api.fetch(request('DELETE', `/friends/remove/${QUEST_ID}`))).status).toBe(404);
    expect(api.problems).toEqual([]);
  });

  it('routes a literal path to its own operation, not to a template that also fits', async () => {
    const api = quietApi();
    api.on('GET', '/quests/{id}', () => fail(404, 'Quest not found'));
    api.on('GET', '/quests/featured', () => ok([]));
    expect((await api.fetch(request('GET', '/quests/featured'))).status).toBe(200);
    expect(api.problems).toEqual([]);
  });

  it('answers 404 for what no handler answers, and records the calls', async () => {
    const api = quietApi();
    const response = await api.fetch(request('POST', '/quest-progress/start', { questId: QUEST_ID }));
    expect(response.status).toBe(404);
    expect(api.calls).toEqual([
      { method: 'POST', path: '/quest-progress/start', body: { questId: QUEST_ID }, auth: null },
    ]);
    expect(api.problems).toEqual([]);
  });

  it("gives `ok` the operation's success status: 201 where the contract declares only 201", async () => {
    const api = quietApi();
    api.on('POST', '/users/contact-us', () => ok({ _id: QUEST_ID }));
    const response = await api.fetch(
      request('POST', '/users/contact-us', {
        name: 'A',
        email: 'a@example.com',
        subject: 'Support',
        message: 'Hello there!',
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ statusCode: 201 });
    expect(api.problems).toEqual([]);
  });

  it('checks error answers against the error envelope and the statuses the operation declares', async () => {
    const api = quietApi();
    api.on('GET', '/users/current-user', () => fail(401, 'Token expired'));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems).toEqual([]);

    api.on('GET', '/users/current-user', () => fail(409, 'Already exists'));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems[0]).toMatch(
      /getCurrentUser .* answered 409:\n {2}- status 409 is not one the operation declares \(200, 401, 403\)/,
    );

    api.on('GET', '/users/current-user', () => ({ status: 403, body: { success: false, message: 'No' } }));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems[1]).toMatch(/must have required property 'statusCode'/);

    api.on('GET', '/users/current-user', () => ({
      status: 403,
      body: { success: false, statusCode: 401, message: 'No' },
    }));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems[2]).toMatch(/statusCode 401 differs from the HTTP status/);
    expect(() => api.assertContract()).toThrow();
  });

  it('lets any operation fail with a 5xx it does not declare, whatever the body (a proxy may answer)', async () => {
    const api = quietApi();
    api.on('GET', '/users/current-user', () => ({ status: 500, body: {} }));
    expect((await api.fetch(request('GET', '/users/current-user'))).status).toBe(500);
    api.on('GET', '/users/current-user', () => fail(503, 'Down for maintenance'));
    await api.fetch(request('GET', '/users/current-user'));
    expect(api.problems).toEqual([]);
  });

  it('reports a handler for a path that is not in the contract', async () => {
    const api = quietApi();
    // @ts-expect-error: not a path of the contract
    api.on('GET', '/quests-of-the-day', () => ok([]));
    await api.fetch(request('GET', '/quests-of-the-day'));
    expect(api.problems).toEqual(['Fake API: GET /quests-of-the-day is not an operation of openapi.yaml.']);
    expect(() => api.assertContract()).toThrow(/quests-of-the-day/);
  });

  it('only logs problems in warn mode', async () => {
    const api = fakeApi({ contract: 'warn' });
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    try {
      api.on('GET', '/users/current-user', () => ok({}));
      await api.fetch(request('GET', '/users/current-user'));
    } finally {
      console.warn = original;
    }
    expect(warnings).toHaveLength(1);
    expect(() => api.assertContract()).not.toThrow();
  });
});

describe('typed paths', () => {
  it('accepts contract templates and concrete paths for the right method only', () => {
    const api = quietApi();
    const handler = () => ok({});
    api.on('GET', '/quests/{id}', handler);
    api.on('GET', `/quests/${QUEST_ID}`, handler);
    // @ts-expect-error: /quests/{id} has no POST
    api.on('POST', '/quests/{id}', handler);
    // @ts-expect-error: not a contract path
    api.on('GET', '/quest/{id}', handler);
    expect(api.calls).toEqual([]);
  });
});
