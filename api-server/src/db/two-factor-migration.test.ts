import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations-before.ts';

let client: PGlite;
beforeAll(async () => {
  client = await databaseBefore('0015_two_factor');
});
afterAll(() => client.close());

describe('migration 0015_two_factor', () => {
  it('turns off the two-factor switch saved before there was a second factor behind it, and nothing else', async () => {
    await client.exec(`
      insert into users (id, username, email, full_name, password_hash, settings) values
        ('00000000-0000-4000-8000-000000000001', 'asha', 'asha@example.com', 'Asha', 'x',
          '{"appPreferences":{"language":"fr","theme":"dark"},"privacy":{"profileVisibility":"private","dataSharing":true},"security":{"twoFactorAuth":true},"notifications":{"email":false,"push":true}}'),
        ('00000000-0000-4000-8000-000000000002', 'ravi', 'ravi@example.com', 'Ravi', 'x',
          '{"appPreferences":{"language":"en","theme":"light"},"privacy":{"profileVisibility":"public","dataSharing":false},"security":{"twoFactorAuth":false},"notifications":{"email":true,"push":true}}');
    `);
    await runMigration(client, '0015_two_factor');
    const { rows } = await client.query<{ username: string; settings: unknown }>(
      'select username, settings from users order by username',
    );
    expect(rows).toEqual([
      {
        username: 'asha',
        settings: {
          appPreferences: { language: 'fr', theme: 'dark' },
          privacy: { profileVisibility: 'private', dataSharing: true },
          security: { twoFactorAuth: false },
          notifications: { email: false, push: true },
        },
      },
      {
        username: 'ravi',
        settings: {
          appPreferences: { language: 'en', theme: 'light' },
          privacy: { profileVisibility: 'public', dataSharing: false },
          security: { twoFactorAuth: false },
          notifications: { email: true, push: true },
        },
      },
    ]);
  });
});
