import type { AppContext } from '../../app-context.ts';
import { fieldError, forbidden, HttpError, unauthorized } from '../../lib/http-error.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { saveAll } from '../../plugins/storage.ts';
import {
  AVATAR_MAX_SIDE,
  COVER_MAX_SIDE,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  type UserRow,
  updateUser,
  withDefaultSettings,
} from '../users/index.ts';
import { suspendedMessage } from './authenticate.ts';
import { consumeCode, giveBackCode, invalidCode, issueCode } from './codes.ts';
import { passwordThrottle } from './password-throttle.ts';
import { revokeAllSessions, revokeFamily, startSession, type TokenPair } from './sessions.ts';
import { checkSecondFactor } from './two-factor-service.ts';
import { liveAccount, purgeExpiredUnverifiedAccounts } from './unverified-accounts.ts';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';
export const NOT_VERIFIED_MESSAGE = 'Email not verified. Please verify your email before signing in.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';

export type RegisterInput = {
  username: string;
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  avatar: UploadedFile;
  coverImage: UploadedFile;
};

function uniqueViolation(error: unknown): string | undefined {
  const cause = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const found = cause.code === '23505' ? cause : cause.cause?.code === '23505' ? cause.cause : undefined;
  return found ? (found.constraint ?? '') : undefined;
}

const usernameTaken = () =>
  new HttpError(409, USERNAME_TAKEN_MESSAGE, [{ field: 'username', message: USERNAME_TAKEN_MESSAGE }]);

/** The owner of an email someone tried to sign up with again hears of it; the mail carries nothing they typed. */
function mailTakenEmail(ctx: AppContext, email: string): void {
  ctx.mailer.sendLater({
    to: email,
    subject: 'Someone tried to sign up to CityQuest with your email',
    text:
      'Hi,\n\nSomeone tried to create a CityQuest account with this email address, which already has one.\n' +
      'If it was you, sign in, or use Forgot password on the sign-in page; an account waiting for its ' +
      'verification code can ask for a new one on the verification screen.\n' +
      'If it was not you, you can ignore this mail: nothing changed.\n\nCityQuest',
  });
}

/**
 * Creates an unverified account and mails its code. A taken email answers exactly as a free one (its owner is
 * mailed instead), after the same work, so sign-up tells nobody which emails have accounts
 * (docs/product-rules/accounts-and-security.md#sign-up); usernames are public on profiles, so a taken one says so.
 */
export async function registerUser(ctx: AppContext, input: RegisterInput): Promise<{ email: string }> {
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  const fullName = input.fullName.trim();
  if (!fullName) throw fieldError('fullName', 'Full name is required');
  if (input.password !== input.confirmPassword) throw fieldError('confirmPassword', 'Passwords do not match');
  const weakPassword = passwordProblem(input.password, { username, fullName, email });
  if (weakPassword) throw fieldError('password', weakPassword);
  // Frees the email and username of unverified accounts past their 7 days before looking for a duplicate.
  await purgeExpiredUnverifiedAccounts(ctx);
  if (await findUserByUsername(ctx.db, username)) throw usernameTaken();

  const [{ processed: avatar }, { processed: cover }] = await Promise.all([
    ctx.images.prepare(input.avatar.data, { maxSide: AVATAR_MAX_SIDE }),
    ctx.images.prepare(input.coverImage.data, { maxSide: COVER_MAX_SIDE }),
  ]);
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(ctx.db, email)) {
    mailTakenEmail(ctx, email);
    return { email };
  }
  const [avatarUrl, coverImageUrl] = await saveAll(ctx.storage, [
    { kind: 'avatars', data: avatar.data },
    { kind: 'covers', data: cover.data },
  ]);
  let user: UserRow | undefined;
  try {
    user = await insertUser(ctx.db, { username, email, fullName, passwordHash, avatarUrl, coverImageUrl });
  } catch (error) {
    await Promise.all([ctx.storage.remove(avatarUrl), ctx.storage.remove(coverImageUrl)]);
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    // Another sign-up took the name or the email between the look and the insert.
    if (constraint.includes('username')) throw usernameTaken();
    mailTakenEmail(ctx, email);
    return { email };
  }
  if (!user) throw new Error('insert returned no row');
  await issueCode(ctx, user, 'verify_email');
  return { email };
}

export type Session = TokenPair & { user: UserRow };

async function signIn(ctx: AppContext, user: UserRow, proof: { secondFactor: boolean }): Promise<Session> {
  const updated = await updateUser(ctx.db, user.id, { lastLogin: new Date(), lastActiveAt: new Date() });
  const current = updated ?? user;
  return { user: current, ...(await startSession(ctx, current, proof)) };
}

export type TwoFactorChallenge = { twoFactorRequired: true; challenge: string; expiresAt: Date };

const CHALLENGE_ENDED = 'This sign-in has expired. Please sign in again.';

/** The password was right: tokens, or for a two-factor account a challenge the second step completes. */
export async function login(
  ctx: AppContext,
  input: { email?: string; username?: string; password: string },
): Promise<Session | TwoFactorChallenge> {
  const identifier = input.email?.trim() || input.username?.trim();
  if (!identifier) throw fieldError('email', 'Email or username is required');
  const user = liveAccount(
    input.email
      ? await findUserByEmail(ctx.db, input.email)
      : await findUserByUsername(ctx.db, input.username ?? ''),
  );
  const throttle = passwordThrottle(ctx);
  if (user) await throttle.admit(user.id);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  if (user && !valid) await throttle.failed(user.id);
  if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  if (!user.isEmailVerified) throw forbidden(NOT_VERIFIED_MESSAGE);
  if (!user.accountVerified) throw forbidden(suspendedMessage(user));
  if (withDefaultSettings(user.settings).security.twoFactorAuth) {
    return { twoFactorRequired: true, ...(await ctx.tokens.signChallenge(user.id)) };
  }
  return signIn(ctx, user, { secondFactor: false });
}

/** The second step of a two-factor sign-in: a challenge from `login` and an authenticator or recovery code. */
export async function completeTwoFactorLogin(
  ctx: AppContext,
  input: { challenge: string; code: string },
): Promise<Session> {
  const userId = await ctx.tokens.verifyChallenge(input.challenge);
  const user = liveAccount(userId ? await findUserById(ctx.db, userId) : undefined);
  // Turned off, or the account deleted, since the password was given: the first step decides again.
  if (!user || !withDefaultSettings(user.settings).security.twoFactorAuth)
    throw unauthorized(CHALLENGE_ENDED);
  if (!user.accountVerified) throw forbidden(suspendedMessage(user));
  await checkSecondFactor(ctx, user, input.code, { recovery: true });
  return signIn(ctx, user, { secondFactor: true });
}

export async function verifyEmail(
  ctx: AppContext,
  input: { email: string; verificationCode: string },
): Promise<Session> {
  // A verified (or expired) account answers exactly as an unknown email, so the route tells nobody which
  // emails have accounts.
  const found = liveAccount(await findUserByEmail(ctx.db, input.email));
  const user = found?.isEmailVerified ? undefined : found;
  await consumeCode(ctx, user, 'verify_email', input.verificationCode);
  if (!user) throw invalidCode('verify_email');
  const verified = await updateUser(ctx.db, user.id, { isEmailVerified: true, updatedAt: new Date() });
  if (!verified) throw invalidCode('verify_email');
  if (!verified.accountVerified) throw forbidden(suspendedMessage(verified));
  return signIn(ctx, verified, { secondFactor: false });
}

/** Sends a code only to an existing unverified account, but answers alike for any email. */
export async function resendVerificationCode(ctx: AppContext, email: string): Promise<void> {
  const user = liveAccount(await findUserByEmail(ctx.db, email));
  if (!user || user.isEmailVerified) return;
  await issueCode(ctx, user, 'verify_email', { quiet: true });
}

/** Answers alike for known and unknown emails, and says nothing of the hourly limit either. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = liveAccount(await findUserByEmail(ctx.db, email));
  if (!user) return;
  await issueCode(ctx, user, 'reset_password', { quiet: true });
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; resetCode: string; newPassword: string; confirmPassword: string },
): Promise<void> {
  if (input.newPassword !== input.confirmPassword)
    throw fieldError('confirmPassword', 'Passwords do not match');
  // Judged first on what the request itself says, so the answer before the code is checked tells nothing about
  // the account; its username and name are only weighed once the code has proved the mailbox.
  const weakPassword = passwordProblem(input.newPassword, { email: input.email });
  if (weakPassword) throw fieldError('newPassword', weakPassword);
  const user = liveAccount(await findUserByEmail(ctx.db, input.email));
  const codeId = await consumeCode(ctx, user, 'reset_password', input.resetCode);
  if (!user) return;
  const personalPassword = passwordProblem(input.newPassword, user);
  if (personalPassword) {
    // The code proved right, so it stays usable: the person picks another password and sends the same code.
    await giveBackCode(ctx, codeId);
    throw fieldError('newPassword', personalPassword);
  }
  // Holding the code proves the mailbox, so the email counts as verified from here on.
  await updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(input.newPassword),
    isEmailVerified: true,
    updatedAt: new Date(),
  });
  await revokeAllSessions(ctx, user.id);
}

export async function changePassword(
  ctx: AppContext,
  auth: { user: UserRow; sessionId: string },
  input: { currentPassword: string; newPassword: string; confirmNewPassword: string },
): Promise<UserRow> {
  if (input.newPassword !== input.confirmNewPassword) {
    throw fieldError('confirmNewPassword', 'Passwords do not match');
  }
  if (input.newPassword === input.currentPassword) {
    throw fieldError('newPassword', 'New password must be different from current password');
  }
  const weakPassword = passwordProblem(input.newPassword, auth.user);
  if (weakPassword) throw fieldError('newPassword', weakPassword);
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', 'Current password is incorrect');
  }
  const updated = await updateUser(ctx.db, auth.user.id, {
    passwordHash: await hashPassword(input.newPassword),
    updatedAt: new Date(),
  });
  await revokeAllSessions(ctx, auth.user.id, auth.sessionId);
  return updated ?? ((await findUserById(ctx.db, auth.user.id)) as UserRow);
}

export function logout(ctx: AppContext, sessionId: string): Promise<void> {
  return revokeFamily(ctx, sessionId);
}
