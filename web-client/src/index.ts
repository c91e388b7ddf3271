export { ApiError, getErrorMessage, unwrap, unwrapEnvelope } from './errors.ts';
export { createGetPages, createGetQuery } from './get-query.ts';
export { toFormData } from './multipart.ts';
export { apiKey, createAppQueryClient } from './query.ts';
export { configureAuth, meKey } from './session/auth.ts';
export { createConfirmLogout } from './session/confirm-logout.tsx';
export {
  configureTwoFactor,
  needsEnrolment,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './session/two-factor.ts';
