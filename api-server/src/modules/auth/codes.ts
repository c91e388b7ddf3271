import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { authCodes, type CodePurpose, codeFailures } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import { waitText } from '../../lib/wait-text.ts';
import type { UserRow } from '../users/index.ts';
import { createCode, normalizeCode } from './code-format.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_HOUR = 5;
/** Wrong tries an account gets per window, verification and reset codes together. */
export const FAILED_TRIES_PER_WINDOW = 10;
export const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

const MAIL: Record<CodePurpose, { subject: string; intro: string }> = {
  verify_email: {
    subject: 'Your CityQuest verification code',
    intro: 'Welcome to CityQuest! Your verification code is',
  },
  reset_password: {
    subject: 'Your CityQuest password reset code',
    intro: 'Your CityQuest password reset code is',
  },
};

const FIELD: Record<CodePurpose, { field: string; name: string }> = {
  verify_email: { field: 'verificationCode', name: 'verification code' },
  reset_password: { field: 'resetCode', name: 'reset code' },
};

/** The answer to a wrong, spent, expired or unknown code; also for accounts that must look unknown. */
export function invalidCode(purpose: CodePurpose) {
  const { field, name } = FIELD[purpose];
  const message = `Invalid or expired ${name}`;
  return badRequest(message, [{ field, message }]);
}

/** Only where the caller already knows the account: asking for a code, or a second factor. */
function lockedOut(windowStartedAt: Date) {
  const ms = Math.max(1000, windowStartedAt.getTime() + FAILURE_WINDOW_MS - Date.now());
  return tooManyRequests(
    `Too many wrong codes for this account. Please try again in ${waitText(ms)}.`,
    ms / 1000,
  );
}

/** The account's current window, when it is at the cap. */
async function lockOf(ctx: AppContext, userId: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select()
    .from(codeFailures)
    .where(
      and(
        eq(codeFailures.userId, userId),
        gt(codeFailures.windowStartedAt, new Date(Date.now() - FAILURE_WINDOW_MS)),
      ),
    );
  return row && row.failures >= FAILED_TRIES_PER_WINDOW ? row.windowStartedAt : null;
}

/**
 * Counts a try before its code is compared, in one statement, so concurrent tries can never compare more than
 * the cap allows; a try that turns out right gives its count back. A window older than 24 h starts afresh.
 */
async function reserveTry(ctx: AppContext, userId: string) {
  const now = new Date();
  const windowOpen = sql`${codeFailures.windowStartedAt} > ${new Date(now.getTime() - FAILURE_WINDOW_MS)}`;
  const [row] = await ctx.db
    .insert(codeFailures)
    .values({ userId, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: codeFailures.userId,
      set: {
        failures: sql`case when ${windowOpen} then ${codeFailures.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${windowOpen} then ${codeFailures.windowStartedAt} else ${now} end`,
      },
    })
    .returning();
  if (!row) throw new Error('code_failures upsert returned no row');
  return row;
}

async function giveBackTry(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(codeFailures)
    .set({ failures: sql`greatest(${codeFailures.failures} - 1, 0)` })
    .where(eq(codeFailures.userId, userId));
}

async function mailLockout(ctx: AppContext, user: UserRow, windowStartedAt: Date): Promise<void> {
  const until = new Date(windowStartedAt.getTime() + FAILURE_WINDOW_MS);
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your CityQuest codes are locked for a while',
      text:
        `Hi ${user.fullName},\n\n` +
        `${FAILED_TRIES_PER_WINDOW} wrong codes were entered for your CityQuest account, so its verification, ` +
        `password reset and two-factor sign-in codes are refused until ${until.toUTCString()}.\n` +
        'If you did not try these codes, someone may be trying to get into your account: nothing has changed ' +
        'in it, and changing your password keeps it that way.\n\nCityQuest',
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'could not mail a code lockout notice');
  }
}

/**
 * Issues and mails a new code. Over the hourly limit, or while the account's codes are locked, it throws 429,
 * or with `quiet` (enumeration-safe routes) it sends nothing and answers false.
 */
export async function issueCode(
  ctx: AppContext,
  user: UserRow,
  purpose: CodePurpose,
  options: { quiet?: boolean } = {},
): Promise<boolean> {
  const locked = await lockOf(ctx, user.id);
  if (locked) {
    if (options.quiet) return false;
    throw lockedOut(locked);
  }
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const [recent] = await ctx.db
    .select({ total: count() })
    .from(authCodes)
    .where(
      and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose), gt(authCodes.createdAt, hourAgo)),
    );
  if ((recent?.total ?? 0) >= CODES_PER_HOUR) {
    if (options.quiet) return false;
    throw tooManyRequests('Too many codes requested. Please try again later.', 60 * 60);
  }
  const code = createCode(purpose);
  await ctx.db.insert(authCodes).values({
    userId: user.id,
    purpose,
    codeHash: ctx.tokens.hashCode(`${purpose}:${user.id}`, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const { subject, intro } = MAIL[purpose];
  await ctx.mailer.send({
    to: user.email,
    subject,
    text: `Hi ${user.fullName},\n\n${intro} ${code}.\nIt expires in 10 minutes. If you did not ask for it, ignore this mail.\n\nCityQuest`,
  });
  return true;
}

/**
 * Spends the newest live code if it matches, and answers its id. Comparing and counting are one UPDATE, so
 * concurrent tries on PostgreSQL's pool each count: the fifth wrong one burns the code, and later ones find no
 * live code. Every try also counts toward the account's daily cap (README, Security), checked before comparing.
 */
export async function consumeCode(
  ctx: AppContext,
  user: UserRow | undefined,
  purpose: CodePurpose,
  typed: string,
): Promise<string> {
  if (!user) throw invalidCode(purpose);
  const reserved = await reserveTry(ctx, user.id);
  // A locked account answers as an unknown email does (README, Security: reset and verify-email answer a known
  // and an unknown email alike); only its owner learns of the lock, by mail.
  if (reserved.failures > FAILED_TRIES_PER_WINDOW) throw invalidCode(purpose);

  const codeHash = ctx.tokens.hashCode(`${purpose}:${user.id}`, normalizeCode(purpose, typed));
  const newestLive = ctx.db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.userId, user.id),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  const matches = sql`${authCodes.codeHash} = ${codeHash}`;
  const [tried] = await ctx.db
    .update(authCodes)
    .set({
      attempts: sql`${authCodes.attempts} + case when ${matches} then 0 else 1 end`,
      consumedAt: sql`case when ${matches} or ${authCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then now() end`,
    })
    .where(and(inArray(authCodes.id, newestLive), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id, matched: sql<boolean>`${matches}`, attempts: authCodes.attempts });

  if (tried?.matched) {
    await giveBackTry(ctx, user.id);
    return tried.id;
  }
  if (reserved.failures === FAILED_TRIES_PER_WINDOW) await mailLockout(ctx, user, reserved.windowStartedAt);
  // Only verification says a code burnt: its accounts are unverified, which sign-up tells anyway, while a reset
  // that said so would tell that the email has an account.
  if (purpose === 'verify_email' && tried && tried.attempts >= CODE_MAX_ATTEMPTS) {
    const { field, name } = FIELD[purpose];
    const message = `Too many wrong attempts. Please request a new ${name}.`;
    throw badRequest(message, [{ field, message }]);
  }
  throw invalidCode(purpose);
}

/**
 * Counts one try of a second factor toward the same daily cap. Its caller already knows the account (it gave the
 * password or holds a session), so a lock answers 429 with Retry-After; a right code gives its count back.
 */
export async function countSecondFactorTry(
  ctx: AppContext,
  user: UserRow,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const reserved = await reserveTry(ctx, user.id);
  if (reserved.failures > FAILED_TRIES_PER_WINDOW) throw lockedOut(reserved.windowStartedAt);
  if (await check()) {
    await giveBackTry(ctx, user.id);
    return true;
  }
  if (reserved.failures === FAILED_TRIES_PER_WINDOW) await mailLockout(ctx, user, reserved.windowStartedAt);
  return false;
}

/**
 * Makes a spent code live again (until its own expiry), for a request refused after the code proved right
 * for a reason the sender can fix, so they resend with the same code.
 */
export async function giveBackCode(ctx: AppContext, codeId: string): Promise<void> {
  await ctx.db.update(authCodes).set({ consumedAt: null }).where(eq(authCodes.id, codeId));
}
