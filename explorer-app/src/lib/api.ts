import { createBrowserApi } from '@cityquest/web-client/browser';

export const { tokens: tokenStore, initApi, api, setSessionEndedHandler } = createBrowserApi();
