import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { logAdminAction } from '../audit/index.ts';
import { findUserById, mergeSettingsGroup, type UserRow, withDefaultSettings } from '../users/index.ts';
import { countSecondFactorTry } from './codes.ts';
import { markSecondFactor, revokeAllSessions } from './sessions.ts';
import { requireStepUp } from './step-up.ts';
import {
  asTotpCode,
  createRecoveryCodes,
  createTotpSecret,
  describeTotpSecret,
  normalizeRecoveryCode,
  totpStepOf,
} from './two-factor-codes.ts';
import {
  claimStep,
  countUnusedRecoveryCodes,
  findTwoFactor,
  markEnabled,
  removeTwoFactor,
  replaceRecoveryCodes,
  saveSetupSecret,
  spendRecoveryCode,
  type TwoFactorRow,
} from './two-factor-repository.ts';

// docs/product-rules/accounts-and-security.md#two-factor-sign-in
const ALREADY_ON = 'Two-factor sign-in is already on';
const INVALID_CODE = 'Invalid or already used code';
const NO_SETUP = 'Start the setup again: no authenticator secret is waiting for its first code.';
const IS_OFF = 'Two-factor sign-in is off';
export const ADMINS_KEEP_IT = 'Admin accounts must keep two-factor sign-in on.';

const invalidCode = () => badRequest(INVALID_CODE, [{ field: 'code', message: INVALID_CODE }]);
const enabledRow = (row: TwoFactorRow | undefined) => (row?.enabledAt ? row : undefined);
const recoveryScope = (userId: string) => `recovery:${userId}`;

/** The server requires this account to use two-factor sign-in before admin calls (REQUIRE_ADMIN_2FA). */
const requiredOf = (ctx: AppContext, user: UserRow) =>
  ctx.config.requireAdminTwoFactor && user.role !== 'user';

export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<Schema<'TwoFactorStatus'>> {
  const row = enabledRow(await findTwoFactor(ctx.db, user.id));
  return {
    enabled: Boolean(row),
    required: requiredOf(ctx, user),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** A new secret, waiting for its first code; starting again replaces a waiting one. Needs a step-up. */
export async function startSetup(
  ctx: AppContext,
  auth: AuthContext,
  password: string | undefined,
): Promise<Schema<'TwoFactorSetup'>> {
  if (enabledRow(await findTwoFactor(ctx.db, auth.user.id))) throw conflict(ALREADY_ON);
  await requireStepUp(ctx, auth, password);
  const secret = createTotpSecret();
  if (!(await saveSetupSecret(ctx.db, auth.user.id, ctx.tokens.sealSecret(secret))))
    throw conflict(ALREADY_ON);
  return { secret, ...(await describeTotpSecret(secret, auth.user.email)) };
}

/** Keyed hashes of new recovery codes, and the codes themselves to show once. */
function newRecoveryCodes(ctx: AppContext, userId: string) {
  const codes = createRecoveryCodes();
  const hashes = codes.map((code) => ctx.tokens.hashCode(recoveryScope(userId), normalizeRecoveryCode(code)));
  return { codes, hashes };
}

/**
 * The first code from the new secret turns it on, and the recovery codes are issued. This session has now shown
 * the second factor, and every other session ends: one opened with the password alone (perhaps by whoever made
 * the owner enrol) must not keep what only the second factor should give.
 */
export async function enable(ctx: AppContext, auth: AuthContext, typed: string): Promise<string[]> {
  const { user } = auth;
  const row = await findTwoFactor(ctx.db, user.id);
  if (row?.enabledAt) throw conflict(ALREADY_ON);
  if (!row) throw badRequest(NO_SETUP, [{ field: 'code', message: NO_SETUP }]);
  const secret = ctx.tokens.openSecret(row.sealedSecret);
  const code = asTotpCode(typed);
  let step: number | null = null;
  const right = await countSecondFactorTry(ctx, user, async () => {
    step = code ? totpStepOf(secret, code) : null;
    return step !== null;
  });
  if (!right || step === null) throw invalidCode();
  const firstStep: number = step;
  const { codes, hashes } = newRecoveryCodes(ctx, user.id);
  await ctx.db.transaction(async (tx) => {
    if (!(await markEnabled(tx, user.id, firstStep))) throw conflict(ALREADY_ON);
    await replaceRecoveryCodes(tx, user.id, hashes);
    await mergeSettingsGroup(tx, user.id, 'security', { twoFactorAuth: true });
  });
  await revokeAllSessions(ctx, user.id, auth.sessionId);
  await markSecondFactor(ctx, user.id, auth.sessionId);
  await mailOwner(ctx, user, 'on');
  return codes;
}

/**
 * Checks a second factor of an account that has two-factor sign-in on: an authenticator code, accepted once, or
 * (where `recovery`) an unused recovery code, spent. Wrong ones count toward the daily cap of wrong codes.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  typed: string,
  options: { recovery: boolean },
): Promise<void> {
  const row = enabledRow(await findTwoFactor(ctx.db, user.id));
  if (!row) throw fieldError('code', IS_OFF);
  const right = await countSecondFactorTry(ctx, user, async () => {
    const code = asTotpCode(typed);
    if (code) {
      const step = totpStepOf(ctx.tokens.openSecret(row.sealedSecret), code);
      return step !== null && (await claimStep(ctx.db, user.id, step));
    }
    if (!options.recovery) return false;
    const hash = ctx.tokens.hashCode(recoveryScope(user.id), normalizeRecoveryCode(typed));
    return spendRecoveryCode(ctx.db, user.id, hash);
  });
  if (!right) throw invalidCode();
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  auth: AuthContext,
  input: { code: string; password?: string },
): Promise<string[]> {
  await requireStepUp(ctx, auth, input.password);
  await checkSecondFactor(ctx, auth.user, input.code, { recovery: true });
  const { codes, hashes } = newRecoveryCodes(ctx, auth.user.id);
  await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, auth.user.id, hashes));
  return codes;
}

/** Turning the factor off ends the account's other sessions, as turning it on does. */
export async function disable(
  ctx: AppContext,
  auth: AuthContext,
  input: { password: string; code: string },
): Promise<Schema<'TwoFactorStatus'>> {
  const { user } = auth;
  if (requiredOf(ctx, user)) throw forbidden(ADMINS_KEEP_IT);
  if (!enabledRow(await findTwoFactor(ctx.db, user.id))) throw fieldError('code', IS_OFF);
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw fieldError('password', 'Password is incorrect');
  await checkSecondFactor(ctx, user, input.code, { recovery: true });
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    await mergeSettingsGroup(tx, user.id, 'security', { twoFactorAuth: false });
  });
  await revokeAllSessions(ctx, user.id, auth.sessionId);
  await mailOwner(ctx, user, 'off');
  return twoFactorStatus(ctx, user);
}

const OWN_ACCOUNT = 'Use Settings, Security to turn off your own two-factor sign-in.';
const NO_FACTOR = 'This account does not use two-factor sign-in.';

/**
 * A super admin removes the second factor of an owner who lost it (docs/product-rules/accounts-and-security.md#two-factor-sign-in):
 * they prove themselves again (their own code, or their password when they have no factor), give a reason,
 * and the owner's sessions end and the owner is mailed with the reason. Logged, refused attempts included.
 */
export async function resetForUser(
  ctx: AppContext,
  actor: AuthContext,
  targetId: string,
  input: { reason: string; code?: string; password?: string },
): Promise<UserRow> {
  const reason = input.reason.trim();
  if (reason.length < 3)
    throw fieldError('reason', 'Say why, in a few words: the owner and the log read it.');
  if (targetId === actor.user.id) throw forbidden(OWN_ACCOUNT);
  if (withDefaultSettings(actor.user.settings).security.twoFactorAuth) {
    if (!input.code) throw fieldError('code', 'Enter a code from your own authenticator app.');
    await checkSecondFactor(ctx, actor.user, input.code, { recovery: true });
  } else {
    // No factor of their own to show: the password, whatever the session's age.
    await requireStepUp(ctx, { user: actor.user, signedInAt: new Date(0) }, input.password);
  }
  const target = await findUserById(ctx.db, targetId);
  if (!target) throw notFound('User not found');
  if (!enabledRow(await findTwoFactor(ctx.db, target.id))) throw conflict(NO_FACTOR);
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, target.id);
    await mergeSettingsGroup(tx, target.id, 'security', { twoFactorAuth: false });
    await logAdminAction(tx, {
      adminId: actor.user.id,
      actionType: 'two_factor_reset',
      targetType: 'user',
      targetId: target.id,
      details: { username: target.username },
      reason,
    });
  });
  await revokeAllSessions(ctx, target.id);
  await mailOwner(ctx, target, 'reset', reason);
  return (await findUserById(ctx.db, target.id)) ?? target;
}

/**
 * The owner hears of every change, so one made by someone else in their session does not go unnoticed, and is
 * told how to undo it.
 */
async function mailOwner(
  ctx: AppContext,
  user: UserRow,
  state: 'on' | 'off' | 'reset',
  reason?: string,
): Promise<void> {
  const CHANGE = {
    on:
      'Two-factor sign-in is now on for your CityQuest account: signing in asks for a code from your authenticator app, and your other devices were signed out.\n' +
      'If this was not you, someone holds your session: reset your password now (Forgot password on the sign-in page), then ask support to remove the authenticator they added, which a super admin can do after checking it is you.',
    off:
      'Two-factor sign-in was turned off for your CityQuest account: signing in asks only for your password, and your other devices were signed out.\n' +
      'If this was not you, change your password now and turn two-factor sign-in on again in Settings, Security.',
    reset: `A CityQuest administrator removed two-factor sign-in from your account, and your devices were signed out. The reason given: ${reason ?? ''}\nIf you did not ask for this, contact support at once and change your password.`,
  } as const;
  const subject = {
    on: 'Two-factor sign-in turned on',
    off: 'Two-factor sign-in turned off',
    reset: 'Two-factor sign-in removed by an administrator',
  }[state];
  try {
    await ctx.mailer.send({
      to: user.email,
      subject,
      text: `Hi ${user.fullName},\n\n${CHANGE[state]}\n\nCityQuest`,
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'could not mail a two-factor change notice');
  }
}
