import { ApiError } from '@cityquest/web-client';
import { describe, expect, it } from 'vitest';
import { classifyLoginError, isDuplicateAccountError } from './login-errors.ts';

describe('classifyLoginError', () => {
  it.each([
    [401, 'Invalid credentials', 'invalid-credentials'],
    [401, 'Invalid email or password', 'invalid-credentials'],
    [403, 'Email not verified. Please verify your email before signing in.', 'not-verified'],
    [403, 'Account not verified', 'not-verified'],
    [403, 'Your account has been suspended: spam', 'other'],
    [400, 'Password is required', 'other'],
    [0, 'Login failed', 'other'],
  ] as const)('%i %s -> %s', (status, message, kind) => {
    expect(classifyLoginError(new ApiError(message, status))).toBe(kind);
  });
});

describe('isDuplicateAccountError', () => {
  it('is the 409 of a taken username or email', () => {
    expect(
      isDuplicateAccountError(new ApiError('User with this email or username already exists', 409)),
    ).toBe(true);
    expect(isDuplicateAccountError(new ApiError('Registration failed', 500))).toBe(false);
    expect(isDuplicateAccountError(new Error('already exists'))).toBe(false);
  });
});
