import type { AppContext } from '../../app-context.ts';
import { fieldError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { passwordThrottle } from './password-throttle.ts';

export const STEP_UP_WINDOW_MS = 5 * 60_000;
export const STEP_UP_REQUIRED =
  'Enter your current password: this change needs it when you signed in more than 5 minutes ago.';

/**
 * Account-security changes ask for proof that the person is at the keyboard, not just a token: a sign-in younger
 * than 5 minutes, or the current password (docs/product-rules/accounts-and-security.md#step-up). A stolen access
 * token alone then cannot enrol an attacker's authenticator or replace the recovery codes. Wrong passwords count
 * toward the account's password throttle, as at sign-in.
 */
export async function requireStepUp(
  ctx: Pick<AppContext, 'coordination'>,
  auth: Pick<AuthContext, 'user' | 'signedInAt'>,
  password: string | undefined,
): Promise<void> {
  if (Date.now() - auth.signedInAt.getTime() < STEP_UP_WINDOW_MS) return;
  if (!password) throw fieldError('password', STEP_UP_REQUIRED);
  const throttle = passwordThrottle(ctx);
  await throttle.admit(auth.user.id);
  if (await verifyPassword(auth.user.passwordHash, password)) return;
  await throttle.failed(auth.user.id);
  throw fieldError('password', 'Password is incorrect');
}
