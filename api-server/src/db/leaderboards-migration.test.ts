import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations-before.ts';

let client: PGlite;
beforeAll(async () => {
  client = await databaseBefore('0012_leaderboards');
});
afterAll(() => client.close());

describe('migrations 0012_leaderboards and 0013_leaderboard_ranks', () => {
  it('fills the weekly and city boards from the quests completed before them', async () => {
    await client.exec(`
      insert into users (id, username, email, full_name, password_hash, xp, account_verified) values
        ('00000000-0000-4000-8000-000000000001', 'asha', 'asha@example.com', 'Asha', 'x', 90, true),
        ('00000000-0000-4000-8000-000000000002', 'ravi', 'ravi@example.com', 'Ravi', 'x', 40, false);
      insert into quests (id, title, description, category, difficulty, xp, address, city, pincode,
          start_location, end_location) values
        ('00000000-0000-4000-8000-0000000000a1', 'Forts', 'A walk', 'History', 'Easy', 30, 'Here', 'Jaipur',
          '302001', 'Start', 'End'),
        ('00000000-0000-4000-8000-0000000000a2', 'Chaat', 'A walk', 'Food', 'Easy', 20, 'Here', 'Delhi',
          '110001', 'Start', 'End');
      insert into quest_progress (user_id, quest_id, status, xp_awarded, completed_at) values
        -- Sunday 29 November 2026 23:30 UTC is the last half hour of the week of Monday 23 November.
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'completed', 50,
          '2026-11-29T23:30:00Z'),
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a2', 'completed', 40,
          '2026-11-30T00:10:00Z'),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a2', 'completed', 40,
          '2026-11-30T08:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a1', 'ongoing', 0, null);
    `);

    await runMigration(client, '0012_leaderboards');

    const { rows } = await client.query(
      `select u.username, s.period, s.city, s.xp, s.listed from xp_scores s join users u on u.id = s.user_id
       order by u.username, s.period, s.city`,
    );
    expect(rows).toEqual([
      { username: 'asha', period: '2026-11-23', city: '', xp: 50, listed: true },
      { username: 'asha', period: '2026-11-23', city: 'Jaipur', xp: 50, listed: true },
      { username: 'asha', period: '2026-11-30', city: '', xp: 40, listed: true },
      { username: 'asha', period: '2026-11-30', city: 'Delhi', xp: 40, listed: true },
      { username: 'asha', period: 'all', city: 'Delhi', xp: 40, listed: true },
      { username: 'asha', period: 'all', city: 'Jaipur', xp: 50, listed: true },
      // A suspended explorer keeps their scores, off the boards until reactivated.
      { username: 'ravi', period: '2026-11-30', city: '', xp: 40, listed: false },
      { username: 'ravi', period: '2026-11-30', city: 'Delhi', xp: 40, listed: false },
      { username: 'ravi', period: 'all', city: 'Delhi', xp: 40, listed: false },
    ]);
  });

  it('counts the explorers of each board at each xp figure, and keeps counting as scores change', async () => {
    await runMigration(client, '0013_leaderboard_ranks');
    const ranks = async () =>
      (
        await client.query(
          `select period, city, xp, explorers from xp_ranks where period in ('all', '2026-11-30') and city in ('', 'Delhi')
           order by period, city, xp`,
        )
      ).rows;
    // Ravi is suspended: on no board.
    expect(await ranks()).toEqual([
      { period: '2026-11-30', city: '', xp: 40, explorers: 1 },
      { period: '2026-11-30', city: 'Delhi', xp: 40, explorers: 1 },
      { period: 'all', city: '', xp: 90, explorers: 1 },
      { period: 'all', city: 'Delhi', xp: 40, explorers: 1 },
    ]);
    await client.exec(`
      update users set account_verified = true where username = 'ravi';
      update xp_scores set listed = true where user_id = '00000000-0000-4000-8000-000000000002';
      update users set xp = 130 where username = 'asha';
    `);
    expect(await ranks()).toEqual([
      { period: '2026-11-30', city: '', xp: 40, explorers: 2 },
      { period: '2026-11-30', city: 'Delhi', xp: 40, explorers: 2 },
      { period: 'all', city: '', xp: 40, explorers: 1 },
      { period: 'all', city: '', xp: 130, explorers: 1 },
      { period: 'all', city: 'Delhi', xp: 40, explorers: 2 },
    ]);
    await client.exec(`delete from users where username = 'ravi'`);
    expect(await ranks()).toEqual([
      { period: '2026-11-30', city: '', xp: 40, explorers: 1 },
      { period: '2026-11-30', city: 'Delhi', xp: 40, explorers: 1 },
      { period: 'all', city: '', xp: 130, explorers: 1 },
      { period: 'all', city: 'Delhi', xp: 40, explorers: 1 },
    ]);
  });
});
