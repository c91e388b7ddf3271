import { createRuntimeConfig } from '@cityquest/web-client/ui/runtime-config';

export type AdminConfig = {
  /** The API may live on another origin than the console (npm start, the admin subdomain): never assume same-origin. */
  apiBaseUrl: string;
  /** The explorer app, for the 'Main Site' links. */
  publicOrigin: string;
};

const config = createRuntimeConfig<AdminConfig>({ apiBaseUrl: '/api/v1', publicOrigin: '/' });

export const loadConfig = config.load;
export const getConfig = config.get;
