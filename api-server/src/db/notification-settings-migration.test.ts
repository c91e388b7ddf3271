import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations-before.ts';

let client: PGlite;
beforeAll(async () => {
  client = await databaseBefore('0016_notification_mail');
});
afterAll(() => client.close());

describe('migration 0016_notification_mail', () => {
  it('gives every account the choice per kind, keeping its mail switch and dropping push', async () => {
    await client.exec(`
      insert into users (id, username, email, full_name, password_hash, settings) values
        ('00000000-0000-4000-8000-000000000001', 'asha', 'asha@example.com', 'Asha', 'x',
          '{"appPreferences":{"language":"fr","theme":"dark"},"privacy":{"profileVisibility":"private","dataSharing":true},"security":{"twoFactorAuth":false},"notifications":{"email":false,"push":true}}'),
        ('00000000-0000-4000-8000-000000000002', 'ravi', 'ravi@example.com', 'Ravi', 'x',
          '{"appPreferences":{"language":"en","theme":"light"},"privacy":{"profileVisibility":"public","dataSharing":false},"security":{"twoFactorAuth":false},"notifications":{"email":true,"push":false}}');
    `);
    await runMigration(client, '0016_notification_mail');
    const { rows } = await client.query<{ username: string; notifications: unknown; language: string }>(
      `select username, settings -> 'notifications' as notifications, settings -> 'appPreferences' ->> 'language' as language
       from users order by username`,
    );
    const kinds = {
      friendRequests: { inApp: true, email: true },
      questModeration: { inApp: true, email: true },
      proofDecisions: { inApp: true, email: true },
      badgesAndLevels: { inApp: true, email: false },
    };
    expect(rows).toEqual([
      { username: 'asha', language: 'fr', notifications: { email: false, ...kinds } },
      { username: 'ravi', language: 'en', notifications: { email: true, ...kinds } },
    ]);
  });
});
