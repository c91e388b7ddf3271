import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Role, users } from '../db/schema.ts';
import { generatePicture } from '../lib/generated-images.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../lib/passwords.ts';
import { revokeAllSessions } from '../modules/auth/index.ts';
import { findUserByEmail, findUserByUsername } from '../modules/users/index.ts';
import type { Storage } from '../plugins/storage.ts';

type SeedDeps = { db: Db; storage: Storage; log: { info(message: string): void } };

async function freeUsername(db: Db, wanted: string): Promise<string> {
  const base =
    wanted
      .toLowerCase()
      .replace(/[^a-z0-9_.]/g, '')
      .slice(0, 24) || 'admin';
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? base : `${base}${suffix}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
}

type BootstrapDeps = Omit<SeedDeps, 'log'> & {
  log: { info(message: string): void; warn(message: string): void };
};

export type BootstrapOutcome = 'created' | 'promoted' | 'unchanged' | 'refused';

/**
 * SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD at start: creates the account, or promotes an existing one only when
 * its email is verified and SUPER_ADMIN_PASSWORD is its password, so that whoever registered the address first
 * cannot be handed the platform. A refusal is logged and the server starts anyway. A promotion ends the
 * account's sessions: the new role is used only by signing in again with that password.
 */
export async function bootstrapSuperAdmin(
  deps: BootstrapDeps,
  account: { email: string; password: string },
): Promise<BootstrapOutcome> {
  const email = account.email.trim().toLowerCase();
  const existing = await findUserByEmail(deps.db, email);
  const refuse = (reason: string): BootstrapOutcome => {
    deps.log.warn(`SUPER_ADMIN_EMAIL: ${email} was not made super admin: ${reason}`);
    return 'refused';
  };
  if (!existing) {
    const username = await freeUsername(deps.db, email.split('@')[0] ?? 'superadmin');
    // The most powerful account follows the same password rule as everyone's (docs/ops/security.md#passwords).
    const problem = passwordProblem(account.password, { username, email });
    if (problem) return refuse(`SUPER_ADMIN_PASSWORD is refused: ${problem}`);
    await createAccount(deps, {
      email,
      username,
      fullName: 'Super Admin',
      password: account.password,
      role: 'super_admin',
    });
    deps.log.info(`created super admin ${email}`);
    return 'created';
  }
  if (existing.role === 'super_admin' && existing.isEmailVerified && existing.accountVerified) {
    // The operator may believe SUPER_ADMIN_PASSWORD signs in; it never changes an existing account's password.
    if (!(await verifyPassword(existing.passwordHash, account.password)))
      deps.log.warn(
        `SUPER_ADMIN_EMAIL: ${email} is already super admin, but SUPER_ADMIN_PASSWORD is not its password; ` +
          'nothing was changed, and the account keeps its own password',
      );
    return 'unchanged';
  }
  if (!existing.isEmailVerified)
    return refuse('the existing account has not verified its email, so it may not belong to you');
  if (!(await verifyPassword(existing.passwordHash, account.password)))
    return refuse("SUPER_ADMIN_PASSWORD is not the existing account's password");
  await deps.db
    .update(users)
    .set({ role: 'super_admin', accountVerified: true, suspensionReason: null, updatedAt: new Date() })
    .where(eq(users.id, existing.id));
  await revokeAllSessions(deps, existing.id);
  deps.log.info(`promoted ${email} to super admin and ended its sessions`);
  return 'promoted';
}

export type DemoAccount = {
  username: string;
  email: string;
  fullName: string;
  password: string;
  role: Role;
  xp?: number;
  bio?: string;
};

/** The demo accounts of the README; public demo credentials, created only with SEED_DEMO=1. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'explorer',
    email: 'explorer@cityquest.dev',
    fullName: 'Asha Explorer',
    password: 'Chai-Stepwell-2026',
    role: 'user',
    bio: 'Chasing street art and chai across Indian cities.',
  },
  {
    username: 'moderator',
    email: 'admin@cityquest.dev',
    fullName: 'Meera Moderator',
    password: 'Monsoon-Ledger-2026',
    role: 'admin',
  },
  {
    username: 'superadmin',
    email: 'superadmin@cityquest.dev',
    fullName: 'Sam Superadmin',
    password: 'Fort-Lantern-2026',
    role: 'super_admin',
  },
];

async function createAccount(deps: SeedDeps, account: DemoAccount, seed = 0) {
  const initials = account.fullName
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const [avatar, cover] = await Promise.all([
    generatePicture(initials, { width: 256, height: 256, seed }),
    generatePicture('CityQuest', { width: 1200, height: 400, seed: seed + 1 }),
  ]);
  await deps.db.insert(users).values({
    username: account.username,
    email: account.email,
    fullName: account.fullName,
    passwordHash: await hashPassword(account.password),
    role: account.role,
    xp: account.xp ?? 0,
    bio: account.bio ?? '',
    isEmailVerified: true,
    avatarUrl: await deps.storage.save('avatars', avatar, 'webp'),
    coverImageUrl: await deps.storage.save('covers', cover, 'webp'),
  });
}

/** SEED_DEMO=1: adds the demo accounts that are missing; running it again changes nothing. */
export async function seedDemoAccounts(deps: SeedDeps) {
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    if (await findUserByEmail(deps.db, account.email)) continue;
    await createAccount(deps, account, index * 2);
    deps.log.info(`seeded demo account ${account.username}`);
  }
}
