import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { apiKey, createAppQueryClient } from './query.ts';

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
});
