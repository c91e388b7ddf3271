import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { authCodes, type CodePurpose } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import type { UserRow } from '../users/user-repository.ts';
import { createCode } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_HOUR = 5;

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

/**
 * Issues and mails a new code. Over the hourly limit it throws 429, or with `quiet` (enumeration-safe
 * routes) it sends nothing and answers false.
 */
export async function issueCode(
  ctx: AppContext,
  user: UserRow,
  purpose: CodePurpose,
  options: { quiet?: boolean } = {},
): Promise<boolean> {
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
  const code = createCode();
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

/** Spends the newest live code if it matches; a wrong try counts, and the fifth burns the code. */
export async function consumeCode(
  ctx: AppContext,
  user: UserRow | undefined,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const { field, name } = FIELD[purpose];
  const invalid = () => {
    const message = `Invalid or expired ${name}`;
    return badRequest(message, [{ field, message }]);
  };
  if (!user) throw invalid();
  const [live] = await ctx.db
    .select()
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
  if (!live) throw invalid();
  if (live.codeHash === ctx.tokens.hashCode(`${purpose}:${user.id}`, code.trim())) {
    const spent = await ctx.db
      .update(authCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(authCodes.id, live.id), isNull(authCodes.consumedAt)))
      .returning({ id: authCodes.id });
    if (spent.length === 1) return;
    throw invalid();
  }
  const attempts = live.attempts + 1;
  const burned = attempts >= CODE_MAX_ATTEMPTS;
  await ctx.db
    .update(authCodes)
    .set({ attempts, ...(burned ? { consumedAt: new Date() } : {}) })
    .where(eq(authCodes.id, live.id));
  if (burned) {
    const message = `Too many wrong attempts. Please request a new ${name}.`;
    throw badRequest(message, [{ field, message }]);
  }
  throw invalid();
}
