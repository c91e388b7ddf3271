import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { users } from '../db/schema.ts';
import { createLocalStorage } from '../plugins/storage.ts';
import { bootstrapSuperAdmin, DEMO_ACCOUNTS, seedDemoAccounts } from './accounts.ts';

let t: TestApp;
const log = { info: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/users/login', payload: { username, password } });

describe('accounts at start', () => {
  it('creates the super admin from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD, verified, once', async () => {
    const deps = { db: t.database.db, storage: createLocalStorage(t.config.storageDir), log };
    await bootstrapSuperAdmin(deps, { email: 'Boss@Example.com', password: 'boss-password-123' });
    await bootstrapSuperAdmin(deps, { email: 'boss@example.com', password: 'another-password' });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'super_admin', isEmailVerified: true, username: 'boss' });
    const signedIn = await login('boss', 'boss-password-123');
    expect(signedIn.json().data.user.role).toBe('super_admin');
  });

  it('promotes an existing account and keeps its password', async () => {
    const deps = { db: t.database.db, storage: createLocalStorage(t.config.storageDir), log };
    await seedDemoAccounts(deps);
    const explorer = DEMO_ACCOUNTS.find((account) => account.role === 'user');
    if (!explorer) throw new Error('no demo explorer');
    await bootstrapSuperAdmin(deps, { email: explorer.email, password: 'ignored-password' });
    const signedIn = await login(explorer.username, explorer.password);
    expect(signedIn.json().data.user.role).toBe('super_admin');
  });

  it('seeds the demo accounts once, each able to sign in with its role', async () => {
    const deps = { db: t.database.db, storage: createLocalStorage(t.config.storageDir), log };
    await seedDemoAccounts(deps);
    await seedDemoAccounts(deps);
    for (const account of DEMO_ACCOUNTS.filter((a) => a.role !== 'user')) {
      const response = await login(account.username, account.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user.role).toBe(account.role);
    }
    const all = await t.database.db.select({ id: users.id }).from(users);
    expect(all.length).toBe(1 + DEMO_ACCOUNTS.length);
  });
});
