import { loadRuntimeConfig } from '@cityquest/web-client/browser';

export type ExplorerConfig = {
  apiBaseUrl: string;
  /** The admin console's origin, for the Admin Dashboard link. */
  adminOrigin: string;
  mapStyleUrl: string | null;
};

const defaults: ExplorerConfig = { apiBaseUrl: '/api/v1', adminOrigin: '', mapStyleUrl: null };

let current: ExplorerConfig = defaults;

export async function loadConfig(): Promise<ExplorerConfig> {
  current = await loadRuntimeConfig(defaults);
  return current;
}

export function getConfig(): ExplorerConfig {
  return current;
}
