import type { Schema } from '@cityquest/openapi';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { mergeSettingsGroup, type UserRow } from '../users/index.ts';
import { countSecondFactorTry } from './codes.ts';
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

/** A new secret, waiting for its first code; starting again replaces a waiting one. */
export async function startSetup(ctx: AppContext, user: UserRow): Promise<Schema<'TwoFactorSetup'>> {
  const secret = createTotpSecret();
  if (!(await saveSetupSecret(ctx.db, user.id, ctx.tokens.sealSecret(secret)))) throw conflict(ALREADY_ON);
  return { secret, ...(await describeTotpSecret(secret, user.email)) };
}

/** Keyed hashes of new recovery codes, and the codes themselves to show once. */
function newRecoveryCodes(ctx: AppContext, userId: string) {
  const codes = createRecoveryCodes();
  const hashes = codes.map((code) => ctx.tokens.hashCode(recoveryScope(userId), normalizeRecoveryCode(code)));
  return { codes, hashes };
}

/** The first code from the new secret turns it on, and the recovery codes are issued. */
export async function enable(ctx: AppContext, user: UserRow, typed: string): Promise<string[]> {
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
  user: UserRow,
  typed: string,
): Promise<string[]> {
  await checkSecondFactor(ctx, user, typed, { recovery: true });
  const { codes, hashes } = newRecoveryCodes(ctx, user.id);
  await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, user.id, hashes));
  return codes;
}

export async function disable(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code: string },
): Promise<Schema<'TwoFactorStatus'>> {
  if (requiredOf(ctx, user)) throw forbidden(ADMINS_KEEP_IT);
  if (!enabledRow(await findTwoFactor(ctx.db, user.id))) throw fieldError('code', IS_OFF);
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw fieldError('password', 'Password is incorrect');
  await checkSecondFactor(ctx, user, input.code, { recovery: true });
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    await mergeSettingsGroup(tx, user.id, 'security', { twoFactorAuth: false });
  });
  await mailOwner(ctx, user, 'off');
  return twoFactorStatus(ctx, user);
}

/** The owner hears of every change, so one made by someone else in their session does not go unnoticed. */
async function mailOwner(ctx: AppContext, user: UserRow, state: 'on' | 'off'): Promise<void> {
  const change =
    state === 'on'
      ? 'Two-factor sign-in is now on for your CityQuest account: signing in asks for a code from your authenticator app.'
      : 'Two-factor sign-in was turned off for your CityQuest account: signing in asks only for your password.';
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: `Two-factor sign-in turned ${state}`,
      text: `Hi ${user.fullName},\n\n${change}\nIf this was not you, change your password now.\n\nCityQuest`,
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'could not mail a two-factor change notice');
  }
}
