import { loadRuntimeConfig } from '@cityquest/web-client/browser';

export type AdminConfig = {
  /** The API may live on another origin than the console (npm start, the admin subdomain): never assume same-origin. */
  apiBaseUrl: string;
  /** The explorer app, for the 'Main Site' links. */
  publicOrigin: string;
};

const defaults: AdminConfig = { apiBaseUrl: '/api/v1', publicOrigin: '/' };
let current: AdminConfig = defaults;

/** Reads the runtime config the server embeds in index.html, so one build serves any environment. */
export async function loadConfig(): Promise<AdminConfig> {
  current = await loadRuntimeConfig(defaults);
  return current;
}

export function getConfig(): AdminConfig {
  return current;
}
