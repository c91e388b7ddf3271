export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type TokenStore,
  type Tokens,
} from './client.ts';
export { ApiError, getErrorMessage, trackAsync, unwrap, unwrapEnvelope } from './errors.ts';
export { type MultipartBody, toFormData } from './multipart.ts';
export {
  apiKey,
  createAppQueryClient,
  forgetOnAccountChange,
  type GetPath,
  type KeyParams,
  nextPageOf,
} from './query.ts';
export { createSessionSlice, type SessionSlice, type UserCache } from './session-slice.ts';
