import { describe, expect, it } from 'vitest';
import { queryLayerViolations } from './query-layer.ts';

describe('the query-layer rule', () => {
  it('refuses a screen that imports the client or unwraps a call itself', () => {
    const violations = queryLayerViolations([
      { path: 'features/a/page.tsx', text: "import { api } from '../../lib/api.ts';" },
      { path: 'features/b/page.tsx', text: "const x = await unwrap(client.GET('/quests'), 'no');" },
    ]);
    expect(violations).toEqual([
      'features/a/page.tsx: imports the API client',
      'features/b/page.tsx: calls the API outside the query layer',
    ]);
  });

  it('refuses an api module that exports a bare call, and accepts query factories and mutation hooks', () => {
    const text = [
      "import { api } from '../../lib/api.ts';",
      "export const getQuest = (id: string) => unwrap(api().GET('/quests/{id}'), 'no');",
      'export const questQueries = { detail: (id: string) => queryOptions({ queryFn: () => api() }) };',
      'export function useStartQuest() { return useMutation({ mutationFn: () => api() }); }',
      "export const CATEGORIES = ['Art'];",
    ].join('\n');
    expect(queryLayerViolations([{ path: 'features/q/quest-api.ts', text }])).toEqual([
      'features/q/quest-api.ts: getQuest calls the API but is neither a …Queries factory nor a use… mutation hook',
    ]);
  });

  it('exempts no session store by name: sign-in flows are mutation hooks in an api module', () => {
    const text = [
      "import { api } from './api.ts';",
      "export const login = () => unwrap(api().POST('/users/login'), 'Login failed');",
    ].join('\n');
    expect(queryLayerViolations([{ path: 'lib/auth-store.ts', text }])).toEqual([
      'lib/auth-store.ts: imports the API client',
      'lib/auth-store.ts: calls the API outside the query layer',
    ]);
    expect(queryLayerViolations([{ path: 'lib/auth-api.ts', text }])).toEqual([
      'lib/auth-api.ts: login calls the API but is neither a …Queries factory nor a use… mutation hook',
    ]);
  });
});
