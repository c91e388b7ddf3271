import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RESET_CODE_ALPHABET, randomCode } from './code-format.ts';

// RFC 6238's defaults, the ones every authenticator app reads: SHA-1, 6 digits, 30-second steps.
const ISSUER = 'CityQuest';
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one still counts, for clocks a little apart. */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_LENGTH = 10;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random 160-bit secret (RFC 4226's recommended length), in base32. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret as authenticator apps read it: its otpauth:// address and that address as an SVG QR code. */
export async function describeTotpSecret(secret: string, accountName: string) {
  const otpauthUrl = totpOf(secret, accountName).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Six digits, as typed: spaces between the groups of three are allowed. */
export function asTotpCode(typed: string): string | null {
  const digits = typed.normalize('NFKC').replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The 30-second step a right code belongs to (so it can be accepted once), or null for a wrong one. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** Ten codes of ten symbols from the reset codes' alphabet (about 49 bits each), shown as two groups of five. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = randomCode(RESET_CODE_ALPHABET, RECOVERY_CODE_LENGTH);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as issued, whatever its case, spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}
