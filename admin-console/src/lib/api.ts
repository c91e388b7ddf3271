import { createGetQuery } from '@cityquest/web-client';
import { createBrowserApi } from '@cityquest/web-client/browser';

/**
 * The console's one API client: createApiClient over a local-storage TokenStore (keys accessToken and
 * refreshToken), created by initApi once the runtime config is known.
 */
export const { tokens: tokenStore, initApi, api, setSessionEndedHandler } = createBrowserApi();

/** Query options, key and fn from one call, over this client. */
export const getQuery = createGetQuery(api);
