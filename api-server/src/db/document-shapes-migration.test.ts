import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations-before.ts';

let client: PGlite;
beforeAll(async () => {
  client = await databaseBefore('0006_document_shapes');
});
afterAll(() => client.close());

describe('migration 0006_document_shapes', () => {
  it('turns stored route ends into place names with their points beside them', async () => {
    const insert = (title: string, start: unknown, end: unknown) =>
      client.query(
        `insert into quests (title, description, category, difficulty, xp, address, city, pincode,
           start_location, end_location)
         values ($1, 'A walk', 'Art', 'Easy', 10, 'Somewhere', 'Delhi', '110001', $2::jsonb, $3::jsonb)`,
        [title, JSON.stringify(start), JSON.stringify(end)],
      );
    await insert(
      'named points',
      { name: ' India Gate ', lat: 28.6129, lng: 77.2295 },
      { name: 'End', lat: 28.6, lng: 77.2 },
    );
    await insert('address and bare point', { address: 'Janpath, Delhi' }, { lat: 28.5861, lng: 77.2247 });
    await insert('names alone', { name: 'Hawa Mahal' }, {});

    await runMigration(client, '0006_document_shapes');

    const { rows } = await client.query(
      `select title, start_location, start_lat, start_lng, end_location, end_lat, end_lng
       from quests order by title`,
    );
    expect(rows).toEqual([
      {
        title: 'address and bare point',
        start_location: 'Janpath, Delhi',
        start_lat: null,
        start_lng: null,
        end_location: '28.58610, 77.22470',
        end_lat: 28.5861,
        end_lng: 77.2247,
      },
      {
        title: 'named points',
        start_location: 'India Gate',
        start_lat: 28.6129,
        start_lng: 77.2295,
        end_location: 'End',
        end_lat: 28.6,
        end_lng: 77.2,
      },
      {
        title: 'names alone',
        start_location: 'Hawa Mahal',
        start_lat: null,
        start_lng: null,
        end_location: '',
        end_lat: null,
        end_lng: null,
      },
    ]);
  });
});
