import { createGetPages, createGetQuery } from '@cityquest/web-client';
import { createBrowserApi } from '@cityquest/web-client/browser';

export const { tokens: tokenStore, initApi, api, setSessionEndedHandler } = createBrowserApi();

/** Query options (key and fn from one call) and paged queries over this client. */
export const getQuery = createGetQuery(api);
export const getPages = createGetPages(api);
