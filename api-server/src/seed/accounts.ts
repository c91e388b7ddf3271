import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Role, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findUserByEmail, findUserByUsername } from '../modules/users/user-repository.ts';
import type { Storage } from '../plugins/storage.ts';
import { generatePicture } from './generated-images.ts';

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

/** SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD: created, or an existing account promoted (its password kept). */
export async function bootstrapSuperAdmin(deps: SeedDeps, account: { email: string; password: string }) {
  const email = account.email.trim().toLowerCase();
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (existing.role !== 'super_admin' || !existing.isEmailVerified || !existing.accountVerified) {
      await deps.db
        .update(users)
        .set({
          role: 'super_admin',
          isEmailVerified: true,
          accountVerified: true,
          suspensionReason: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      deps.log.info(`promoted ${email} to super admin`);
    }
    return;
  }
  await createAccount(deps, {
    email,
    username: await freeUsername(deps.db, email.split('@')[0] ?? 'superadmin'),
    fullName: 'Super Admin',
    password: account.password,
    role: 'super_admin',
  });
  deps.log.info(`created super admin ${email}`);
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
    password: 'Explorer#2026',
    role: 'user',
    bio: 'Chasing street art and chai across Indian cities.',
  },
  {
    username: 'moderator',
    email: 'admin@cityquest.dev',
    fullName: 'Meera Moderator',
    password: 'Admin#2026',
    role: 'admin',
  },
  {
    username: 'superadmin',
    email: 'superadmin@cityquest.dev',
    fullName: 'Sam Superadmin',
    password: 'SuperAdmin#2026',
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
