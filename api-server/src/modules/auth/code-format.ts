import { randomInt } from 'node:crypto';
import type { CodePurpose } from './tables/auth.tables.ts';

/**
 * Reset codes: Crockford's base32 without the characters people confuse when copying a code from a mail
 * (0/O, 1/I/L) nor U, so 30 symbols. Eight of them give 30^8 ≈ 6.6 × 10^11 codes.
 */
export const RESET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RESET_CODE_LENGTH = 8;

/** `length` symbols of `alphabet`, each drawn by the CSPRNG. */
export function randomCode(alphabet: string, length: number): string {
  let code = '';
  // randomInt is the CSPRNG, and unbiased for any range.
  for (let i = 0; i < length; i++) code += alphabet[randomInt(0, alphabet.length)];
  return code;
}

/** Four digits for email verification (the verify screens have four boxes), eight symbols for a reset. */
export function createCode(purpose: CodePurpose): string {
  return purpose === 'verify_email'
    ? randomCode('0123456789', 4)
    : randomCode(RESET_CODE_ALPHABET, RESET_CODE_LENGTH);
}

/** What a person typed, as the code was issued: reset codes ignore case, spaces and dashes. */
export function normalizeCode(purpose: CodePurpose, typed: string): string {
  const trimmed = typed.normalize('NFKC').trim();
  return purpose === 'verify_email' ? trimmed : trimmed.replace(/[\s-]+/g, '').toUpperCase();
}
