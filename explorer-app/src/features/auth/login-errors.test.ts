import { describe, expect, it } from 'vitest';
import { classifyLoginError, isDuplicateAccountError } from './login-errors.ts';

describe('classifyLoginError', () => {
  it.each([
    ['Invalid credentials', 'invalid-credentials'],
    ['Invalid email or password', 'invalid-credentials'],
    ['User not found', 'invalid-credentials'],
    ['WRONG PASSWORD', 'invalid-credentials'],
    ['Email not verified. Please verify your email before signing in.', 'not-verified'],
    ['Account not verified', 'not-verified'],
    ['Your account has been suspended: spam', 'other'],
  ] as const)('%s -> %s', (message, kind) => {
    expect(classifyLoginError(message)).toBe(kind);
  });
});

describe('isDuplicateAccountError', () => {
  it('recognises the duplicate wordings', () => {
    expect(isDuplicateAccountError('User with this email or username already exists')).toBe(true);
    expect(isDuplicateAccountError('Email already registered')).toBe(true);
    expect(isDuplicateAccountError('Registration failed')).toBe(false);
  });
});
