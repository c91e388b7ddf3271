import { anEarnedBadge, CATALOGUE } from '@cityquest/contract/testing/badges';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { createGetPages, createGetQuery } from './get-query.ts';
import { apiKey, createAppQueryClient } from './query.ts';
import { fail, fakeApi, ok } from './testing/fake-api.ts';

type Badge = (typeof CATALOGUE)[number];

const noTokens = {
  getAccessToken: () => null,
  getRefreshToken: () => null,
  setTokens: () => undefined,
  clear: () => undefined,
};

function setup() {
  const fake = fakeApi();
  const client = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    tokens: noTokens,
    fetch: fake.fetch,
  });
  return {
    fake,
    client,
    getQuery: createGetQuery(() => client),
    queryClient: createAppQueryClient({ retry: false }),
  };
}

describe('a GET as query options', () => {
  it('keys the query by its contract path and parameters, and sends those parameters', async () => {
    const { fake, getQuery, queryClient } = setup();
    let asked: string | null = null;
    fake.on('GET', '/users/search', (request) => {
      asked = new URL(request.url).searchParams.get('username');
      return fail(400, 'Search failed');
    });
    const options = getQuery('/users/search', { query: { username: 'asha' } });
    expect(options.queryKey).toEqual(apiKey('/users/search', { query: { username: 'asha' } }));
    await queryClient.fetchQuery(options).catch(() => undefined);
    expect(asked).toBe('asha');
  });

  it('answers the data of the success envelope, and keys a GET without parameters by its path', async () => {
    const { fake, getQuery, queryClient } = setup();
    const earned = [anEarnedBadge(CATALOGUE[0] as Badge)];
    fake.on('GET', '/badges/earned/{userId}', () => ok(earned));
    const options = getQuery('/badges/earned/{userId}', { path: { userId: 'u1' } });
    await expect(queryClient.fetchQuery(options)).resolves.toEqual(earned);
    expect(fake.calls.map((call) => call.path)).toEqual(['/badges/earned/u1']);
    expect(getQuery('/badges').queryKey).toEqual(['/badges']);
  });

  it("fails with the server's message, else with the operation's fallback", async () => {
    const { fake, getQuery, queryClient } = setup();
    fake.on('GET', '/quests/{id}', () => fail(404, 'Quest not found'));
    const refused = await queryClient
      .fetchQuery(getQuery('/quests/{id}', { path: { id: 'q1' } }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Quest not found', status: 404 });
    fake.on('GET', '/badges', () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await queryClient.fetchQuery(getQuery('/badges')).catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline).toMatchObject({ message: 'Failed to fetch badges', status: 0 });
  });

  it('stops the request when the query is cancelled', async () => {
    const { fake, getQuery, queryClient } = setup();
    let aborted = false;
    fake.on(
      'GET',
      '/badges',
      (request) =>
        new Promise((_answer, refuse) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            refuse(new DOMException('Aborted', 'AbortError'));
          });
        }),
    );
    const options = getQuery('/badges');
    const pending = queryClient.fetchQuery(options).catch(() => undefined);
    await expect.poll(() => fake.calls.length).toBe(1);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await pending;
    expect(aborted).toBe(true);
  });
});

describe('a paginated GET as an infinite query', () => {
  it('asks for each page with the same parameters, from the first page given, until the last', async () => {
    const { fake, client, queryClient } = setup();
    const getPages = createGetPages(() => client);
    const asked: string[] = [];
    fake.on('GET', '/quests/my-quests', (request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      asked.push(new URL(request.url).search);
      return ok({
        quests: [],
        pagination: {
          currentPage: page,
          totalPages: 3,
          totalQuests: 30,
          totalCapped: false,
          hasNextPage: page < 3,
          hasPreviousPage: page > 1,
        },
      });
    });
    const options = getPages('/quests/my-quests', { query: { limit: 10 } }, 2);
    expect(options.queryKey).toEqual(apiKey('/quests/my-quests', { query: { limit: 10 } }));
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(asked).toEqual(['?page=2&limit=10', '?page=3&limit=10']);
  });
});

// Compiled, never run: the contract types each path's parameters.
const typedByTheContract = (getQuery: ReturnType<typeof createGetQuery>) => {
  // @ts-expect-error a quest is read by its id
  getQuery('/quests/{id}');
  // @ts-expect-error no such parameter
  getQuery('/quests', { query: { pages: 2 } });
  // @ts-expect-error a path parameter of another operation
  getQuery('/quests/{id}', { path: { questId: 'q1' } });
  // @ts-expect-error a GET without a fallback message is not a query
  getQuery('/geo/places', { query: { q: 'Pune' } });
};
void typedByTheContract;
