import { ApiError } from '@cityquest/web-client';

/**
 * Which sign-in refusal opens which dialog (docs/product-rules/messages.md#sign-in-dialogs): bad credentials answer 401; a 403 is
 * either an unverified email (its message says 'not verified') or a suspended account (shown inline).
 */
export function classifyLoginError(error: unknown): 'invalid-credentials' | 'not-verified' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 401) return 'invalid-credentials';
  if (error.status === 403 && /not verified|verify your email/i.test(error.message)) return 'not-verified';
  return 'other';
}

/**
 * Registration: a taken username answers 409, which opens 'Username or Email Already Exists!'; a taken email answers
 * as a free one (its owner is mailed), so the server never says which emails have accounts.
 */
export function isDuplicateAccountError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
