import { loadRuntimeConfig } from '../browser.ts';

/**
 * An SPA's runtime config (embedded in index.html by the server, else its `/config.json`, so one build serves
 * any environment): `load` once before the first render, then `get` anywhere. Until loaded, and for any key the file
 * leaves out or empties, the defaults hold.
 */
export function createRuntimeConfig<T extends object>(defaults: T, url?: string) {
  let current = defaults;
  return {
    async load(): Promise<T> {
      current = await loadRuntimeConfig(defaults, url);
      return current;
    },
    get(): T {
      return current;
    },
  };
}
