import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { apiKey, createAppQueryClient, forgetOnAccountChange } from './query.ts';

type State = { isAuthenticated: boolean; userData: { _id: string } | null };

function fakeStore(initial: State) {
  let state = initial;
  const listeners = new Set<(next: State, previous: State) => void>();
  return {
    subscribe(listener: (next: State, previous: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: State) {
      const previous = state;
      state = next;
      for (const listener of listeners) listener(next, previous);
    },
  };
}

describe('query keys', () => {
  it('are the contract path, then the parameters, so a path alone covers every page', () => {
    expect(apiKey('/quests')).toEqual(['/quests']);
    expect(apiKey('/quests/{id}', { path: { id: 'q1' } })).toEqual(['/quests/{id}', { path: { id: 'q1' } }]);
  });
});

describe('the query client', () => {
  it('tries a call again once when the network or a gateway failed, never for an answer the server meant', async () => {
    const client = createAppQueryClient();
    const retry = client.getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, new ApiError('offline', 0))).toBe(true);
    expect(retry(0, new ApiError('bad gateway', 502))).toBe(true);
    expect(retry(1, new ApiError('bad gateway', 502))).toBe(false);
    expect(retry(0, new ApiError('not found', 404))).toBe(false);
    expect(retry(0, new ApiError('server error', 500))).toBe(false);
    const quiet = createAppQueryClient({ retry: false }).getDefaultOptions().queries?.retry as typeof retry;
    expect(quiet(0, new ApiError('offline', 0))).toBe(false);
  });

  it('forgets every answer when the session ends, a visitor signs in or another account signs in', () => {
    const client = createAppQueryClient();
    const store = fakeStore({ isAuthenticated: true, userData: { _id: 'u1' } });
    const stop = forgetOnAccountChange(store, client);
    const key = apiKey('/users/my-profile');

    client.setQueryData(key, 'first');
    store.set({ isAuthenticated: true, userData: { _id: 'u1' } });
    expect(client.getQueryData(key)).toBe('first');

    store.set({ isAuthenticated: true, userData: { _id: 'u2' } });
    expect(client.getQueryData(key)).toBeUndefined();

    client.setQueryData(key, 'second');
    store.set({ isAuthenticated: false, userData: null });
    expect(client.getQueryData(key)).toBeUndefined();

    // What a visitor read is read again once they sign in.
    client.setQueryData(apiKey('/quests'), 'as a visitor');
    store.set({ isAuthenticated: true, userData: null });
    expect(client.getQueryData(apiKey('/quests'))).toBeUndefined();

    stop();
  });
});
