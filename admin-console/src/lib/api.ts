import { createBrowserApi } from '@cityquest/openapi/browser';

export const { tokens: tokenStore, initApi, api, setSessionEndedHandler } = createBrowserApi();
