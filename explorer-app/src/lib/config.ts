import { createRuntimeConfig } from '@cityquest/web-client/ui/runtime-config';

export type ExplorerConfig = {
  apiBaseUrl: string;
  /** The admin console's origin, for the Admin Dashboard link. */
  adminOrigin: string;
  mapStyleUrl: string | null;
};

const config = createRuntimeConfig<ExplorerConfig>({
  apiBaseUrl: '/api/v1',
  adminOrigin: '',
  mapStyleUrl: null,
});

export const loadConfig = config.load;
export const getConfig = config.get;
