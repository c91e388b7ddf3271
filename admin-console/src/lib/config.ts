import { loadRuntimeConfig } from '@cityquest/openapi/browser';

export type AdminConfig = {
  /** The API may live on another origin (the public domain); never assume same-origin. */
  apiBaseUrl: string;
  /** The explorer app, for the 'Main Site' link. */
  publicOrigin: string;
};

let current: AdminConfig = { apiBaseUrl: '/api/v1', publicOrigin: '/' };

export async function loadConfig(): Promise<AdminConfig> {
  current = await loadRuntimeConfig(current);
  return current;
}

export function getConfig(): AdminConfig {
  return current;
}
