import type { components, operations, paths } from './schema.gen.ts';

export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type TokenStore,
  type Tokens,
} from './client.ts';
export * from './contract-facts.ts';
export { ApiError, getErrorMessage, trackAsync, unwrap, unwrapEnvelope } from './errors.ts';
export { type MultipartBody, toFormData } from './multipart.ts';
export type { components, operations, paths };

/** A named schema of openapi.yaml, for example `Schema<'User'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Role = components['schemas']['Role'];
export type User = components['schemas']['User'];
export {
  apiKey,
  createAppQueryClient,
  forgetOnAccountChange,
  type GetPath,
  type KeyParams,
  nextPageOf,
} from './query.ts';
export { createSessionSlice, isAdminRole, type SessionSlice, type UserCache } from './session-slice.ts';
