import { type ApiClient, createApiClient } from '@cityquest/openapi';
import { createLocalStorageTokenStore } from '@cityquest/openapi/browser';

export const tokenStore = createLocalStorageTokenStore();

let client: ApiClient | undefined;
let onSessionEnded: () => void = () => undefined;

/** Called once at startup (and by tests with a fetch stub). */
export function initApi(options: {
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
}): ApiClient {
  client = createApiClient({
    baseUrl: options.baseUrl,
    tokens: tokenStore,
    fetch: options.fetch,
    onAuthFailure: () => onSessionEnded(),
  });
  return client;
}

export function api(): ApiClient {
  if (!client) throw new Error('initApi() was not called');
  return client;
}

export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}
