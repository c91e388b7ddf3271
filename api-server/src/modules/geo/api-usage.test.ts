import { describe, expect, it } from 'vitest';
import type { GeoFixtureServer } from '../../../test/geo-fixture-server.ts';
import { setUpGeoTestApp } from '../../../test/geo-test-app.ts';
import type { TestApp } from '../../../test/helper.ts';
import { geoUsage } from '../../db/schema.ts';
import { costLevel } from './api-usage.ts';
import { addDays, utcDay } from './usage-repository.ts';

let fixture: GeoFixtureServer;
let t: TestApp;
const { get, signedIn } = setUpGeoTestApp((started) => {
  ({ fixture, t } = started);
});

describe('usage', () => {
  const today = () => utcDay(new Date());
  const usageRows = () => t.database.db.select().from(geoUsage);

  it('records each provider call per UTC day and call type with its estimated cost, never cache hits', async () => {
    await t.database.db.delete(geoUsage);
    await get('/geo/reverse?lat=28.5882&lng=77.2212');
    await get('/geo/reverse?lat=28.5882&lng=77.2212');
    await get('/geo/places?q=hawa%20mahal%20jaipur');
    await get('/geo/places?q=hawa%20mahal%20jaipur');
    await get('/geo/directions?origin=26.9239,75.8267&destination=26.925,75.827');
    fixture.setMode('fail', 'directions');
    await get('/geo/directions?origin=26.9239,75.8267&destination=26.926,75.828');
    expect(fixture.hits).toEqual({ reverse: 1, places: 1, directions: 2 });
    const rows = await usageRows();
    const byType = Object.fromEntries(rows.map((row) => [row.callType, row]));
    expect(byType).toEqual({
      reverse: { day: today(), callType: 'reverse', calls: 1, cost: 0.005 },
      places: { day: today(), callType: 'places', calls: 1, cost: 0.017 },
      directions: { day: today(), callType: 'directions', calls: 2, cost: 0.064 },
    });
  });

  it('keeps 30 days: older days are deleted when a call is recorded', async () => {
    await t.database.db.insert(geoUsage).values([
      { day: addDays(today(), -31), callType: 'places', calls: 7, cost: 0.119 },
      { day: addDays(today(), -30), callType: 'places', calls: 3, cost: 0.051 },
    ]);
    await get('/geo/reverse?lat=28.5883&lng=77.2213');
    const days = (await usageRows()).map((row) => row.day);
    expect(days).not.toContain(addDays(today(), -31));
    expect(days).toContain(addDays(today(), -30));
  });
});

describe('GET /admin/api-usage', () => {
  const today = utcDay(new Date());
  const seed = async (rows: { day: string; reverse: number; places: number; directions: number }[]) => {
    await t.database.db.delete(geoUsage);
    const cost = { reverse: 0.005, places: 0.017, directions: 0.032 };
    await t.database.db.insert(geoUsage).values(
      rows.flatMap((row) =>
        (['reverse', 'places', 'directions'] as const).map((callType) => ({
          day: row.day,
          callType,
          calls: row[callType],
          cost: row[callType] * cost[callType],
        })),
      ),
    );
  };

  it('refuses explorers and lets admins and super admins read it', async () => {
    expect((await get('/admin/api-usage')).statusCode).toBe(403);
    expect((await get('/admin/api-usage', await signedIn('admin'))).statusCode).toBe(200);
    expect((await get('/admin/api-usage', await signedIn('super_admin'))).statusCode).toBe(200);
  });

  it('answers every day oldest first, totals, this month and the cost level', async () => {
    const admin = await signedIn('admin');
    await seed([
      { day: today, reverse: 40, places: 120, directions: 15 },
      { day: addDays(today, -1), reverse: 10, places: 30, directions: 5 },
      { day: addDays(today, -10), reverse: 0, places: 10, directions: 0 },
    ]);
    const response = await get('/admin/api-usage?days=7', admin);
    expect(response.statusCode).toBe(200);
    const usage = response.json().data;
    expect(usage.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(today, index - 6)),
    );
    expect(usage.days[0]).toEqual({
      date: addDays(today, -6),
      calls: { reverse: 0, places: 0, directions: 0 },
      cost: 0,
    });
    expect(usage.days[5]).toEqual({
      date: addDays(today, -1),
      calls: { reverse: 10, places: 30, directions: 5 },
      cost: 0.72,
    });
    expect(usage.days[6]).toEqual({
      date: today,
      calls: { reverse: 40, places: 120, directions: 15 },
      cost: 2.72,
    });
    expect(usage.totals).toEqual({ calls: 220, cost: 3.44 });
    expect(usage.level).toBe('medium');
    const monthStart = `${today.slice(0, 7)}-01`;
    const monthly =
      2.72 + (addDays(today, -1) >= monthStart ? 0.72 : 0) + (addDays(today, -10) >= monthStart ? 0.17 : 0);
    expect(usage.monthly).toEqual({ cost: Math.round(monthly * 10_000) / 10_000, warning: false });

    const month = (await get('/admin/api-usage', admin)).json().data;
    expect(month.days).toHaveLength(30);
    expect(month.totals).toEqual({ calls: 230, cost: 3.61 });
  });

  it('grades high and warns above 10 dollars this month', async () => {
    await seed([{ day: today, reverse: 0, places: 600, directions: 10 }]);
    const usage = (await get('/admin/api-usage?days=1', await signedIn('admin'))).json().data;
    expect(usage.totals).toEqual({ calls: 610, cost: 10.52 });
    expect(usage).toMatchObject({ level: 'high', monthly: { cost: 10.52, warning: true } });
  });

  it.each([
    [0, 'low'],
    [0.999, 'low'],
    [1, 'medium'],
    [4.99, 'medium'],
    [5, 'high'],
    [250, 'high'],
  ])('grades %d dollars %s', (cost, level) => {
    expect(costLevel(cost)).toBe(level);
  });

  it.each(['days=0', 'days=31', 'days=week'])('answers 400 to %s', async (query) => {
    expect((await get(`/admin/api-usage?${query}`, await signedIn('admin'))).statusCode).toBe(400);
  });
});
