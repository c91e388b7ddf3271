import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, register, registerVerified } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { users } from '../db/schema.ts';
import { createLocalStorage } from '../plugins/storage.ts';
import { bootstrapSuperAdmin, DEMO_ACCOUNTS, seedDemoAccounts } from './accounts.ts';

let t: TestApp;
const log = { info: () => undefined, warn: () => undefined };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/users/login', payload: { username, password } });

describe('accounts at start', () => {
  it('creates the super admin from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD, verified, once', async () => {
    const deps = { db: t.database.db, storage: createLocalStorage(t.config.storageDir), log };
    expect(
      await bootstrapSuperAdmin(deps, { email: 'Boss@Example.com', password: 'Quiet-Harbour-Lantern-88' }),
    ).toBe('created');
    expect(await bootstrapSuperAdmin(deps, { email: 'boss@example.com', password: 'another-password' })).toBe(
      'unchanged',
    );
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'super_admin', isEmailVerified: true, username: 'boss' });
    const signedIn = await login('boss', 'Quiet-Harbour-Lantern-88');
    expect(signedIn.json().data.user.role).toBe('super_admin');
    expect((await login('boss', 'another-password')).statusCode).toBe(401);
  });

  it('refuses to create a super admin whose password fails the password rule, and says why', async () => {
    const lines: string[] = [];
    const deps = {
      db: t.database.db,
      storage: createLocalStorage(t.config.storageDir),
      log: { info: () => undefined, warn: (message: string) => lines.push(message) },
    };
    expect(await bootstrapSuperAdmin(deps, { email: 'chief@example.com', password: 'password123' })).toBe(
      'refused',
    );
    expect(lines.join('\n')).toMatch(/SUPER_ADMIN_PASSWORD is refused/);
    expect(lines.join('\n')).not.toContain('password123');
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'chief@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('seeds the demo accounts once, each able to sign in with its role', async () => {
    const deps = { db: t.database.db, storage: createLocalStorage(t.config.storageDir), log };
    await seedDemoAccounts(deps);
    await seedDemoAccounts(deps);
    for (const account of DEMO_ACCOUNTS) {
      const response = await login(account.username, account.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user.role).toBe(account.role);
    }
    const demoRows = await t.database.db.select({ email: users.email }).from(users);
    for (const account of DEMO_ACCOUNTS)
      expect(demoRows.filter((row) => row.email === account.email)).toHaveLength(1);
  });
});

describe('promoting an existing account with SUPER_ADMIN_EMAIL', () => {
  /** The log lines bootstrapSuperAdmin wrote, by level. */
  function recordingDeps() {
    const lines: { level: 'info' | 'warn'; message: string }[] = [];
    return {
      lines,
      deps: {
        db: t.database.db,
        storage: createLocalStorage(t.config.storageDir),
        log: {
          info: (message: string) => lines.push({ level: 'info', message }),
          warn: (message: string) => lines.push({ level: 'warn', message }),
        },
      },
    };
  }
  const roleOf = async (email: string) =>
    (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

  it('refuses an account whose email is unverified, even with its own password, and logs why', async () => {
    // Whoever registered the address first, without proving they own it, must not become super admin.
    const squatter = newUser();
    expect((await register(t, squatter)).statusCode).toBe(201);
    const { deps, lines } = recordingDeps();
    for (const password of ['the-operators-password', squatter.password]) {
      expect(await bootstrapSuperAdmin(deps, { email: squatter.email, password })).toBe('refused');
    }
    expect(await roleOf(squatter.email)).toBe('user');
    const signIn = await login(squatter.username, squatter.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/not verified/);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
    expect(lines[0]?.message).toContain(squatter.email);
    expect(lines[0]?.message).toMatch(/not verified its email/);
    expect(lines.map((line) => line.message).join('\n')).not.toContain(squatter.password);
  });

  it('refuses a verified account when SUPER_ADMIN_PASSWORD is not its password, and logs why', async () => {
    const member = await registerVerified(t);
    const { deps, lines } = recordingDeps();
    const wrong = 'not-the-members-password';
    expect(await bootstrapSuperAdmin(deps, { email: member.email, password: wrong })).toBe('refused');
    expect(await roleOf(member.email)).toBe('user');
    const signIn = await login(member.username, member.password);
    expect(signIn.json().data.user.role).toBe('user');
    expect(lines).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(/SUPER_ADMIN_PASSWORD is not the existing account's password/),
      },
    ]);
    expect(lines[0]?.message).not.toContain(wrong);
  });

  it('promotes a verified account whose password matches, and ends its other sessions', async () => {
    const member = await registerVerified(t);
    const other = await login(member.username, member.password);
    const { deps, lines } = recordingDeps();
    expect(await bootstrapSuperAdmin(deps, { email: member.email, password: member.password })).toBe(
      'promoted',
    );
    expect(await roleOf(member.email)).toBe('super_admin');
    expect(lines.map((line) => line.level)).toEqual(['info']);
    for (const refreshToken of [member.session.refreshToken, other.json().data.refreshToken]) {
      const refreshed = await t.request({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const signedIn = await login(member.username, member.password);
    expect(signedIn.json().data.user.role).toBe('super_admin');
    // A later start with the same settings changes nothing and ends no session.
    expect(await bootstrapSuperAdmin(deps, { email: member.email, password: member.password })).toBe(
      'unchanged',
    );
    const kept = await t.request({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: signedIn.json().data.refreshToken },
    });
    expect(kept.statusCode).toBe(200);
  });

  it('warns, without the password, when an existing super admin does not have SUPER_ADMIN_PASSWORD', async () => {
    const chief = await registerVerified(t);
    const { deps, lines } = recordingDeps();
    expect(await bootstrapSuperAdmin(deps, { email: chief.email, password: chief.password })).toBe(
      'promoted',
    );
    lines.length = 0;
    expect(await bootstrapSuperAdmin(deps, { email: chief.email, password: chief.password })).toBe(
      'unchanged',
    );
    expect(lines).toEqual([]);

    const forgotten = 'Amber-Quarry-Window-17';
    expect(await bootstrapSuperAdmin(deps, { email: chief.email, password: forgotten })).toBe('unchanged');
    expect(lines).toEqual([
      {
        level: 'warn',
        message: `SUPER_ADMIN_EMAIL: ${chief.email} is already super admin, but SUPER_ADMIN_PASSWORD is not its password; nothing was changed, and the account keeps its own password`,
      },
    ]);
    expect(lines[0]?.message).not.toContain(forgotten);
    expect((await login(chief.username, forgotten)).statusCode).toBe(401);
    expect((await login(chief.username, chief.password)).json().data.user.role).toBe('super_admin');
  });
});
