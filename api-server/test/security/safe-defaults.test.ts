// Safe defaults (docs/ops/security.md#safe-by-default): the dev outbox exists only under DEV_MODE=1 and only for this
// machine, and MAIL_TRANSPORT=log keeps no mail's text in the log or the database.
import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devOutbox } from '../../src/db/schema.ts';
import { createMailer } from '../../src/plugins/mail.ts';
import { newUser, register, registerVerified } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { submitQuest } from '../quest-fixtures.ts';

const UNKNOWN_ROUTE = { success: false, statusCode: 404, message: 'Route not found' };

/** A pino destination keeping each record. */
function logRecords() {
  const records: Record<string, unknown>[] = [];
  return {
    records,
    stream: { write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>) },
  };
}

/** Every string a log record or a table row holds, nested ones included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

describe('the dev outbox under DEV_MODE=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/dev/outbox${query}`, remoteAddress, headers });

  it('answers clients on this machine', async () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      const response = await outbox(address);
      expect(response.statusCode, address).toBe(200);
    }
  });

  it('answers any other client 404 like an unknown route, before reading its query', async () => {
    for (const address of ['203.0.113.9', '10.0.0.2', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.2']) {
      const response = await outbox(address);
      expect(response.statusCode, address).toBe(404);
      expect(response.json()).toEqual(UNKNOWN_ROUTE);
    }
    const invalid = await outbox('203.0.113.9', {}, `?to=${'x'.repeat(300)}`);
    expect(invalid.statusCode).toBe(404);
  });

  it('is not fooled by X-Forwarded-For, and refuses what a proxy on this machine relays', async () => {
    const forged = await outbox('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' });
    expect(forged.statusCode).toBe(404);
    const relayed = await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(relayed.statusCode).toBe(404);
    const forwarded = await outbox('127.0.0.1', { forwarded: 'for=203.0.113.9' });
    expect(forwarded.statusCode).toBe(404);
  });

  it("answers the bench yardstick's raw quest row to this machine only, as the outbox does", async () => {
    const pending = (await submitQuest(t, await registerVerified(t))).json().data._id as string;
    // Outside /api/v1, so outside the contract t.request checks answers against.
    const yardstick = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/dev/yardstick/quests/${pending}`, remoteAddress, headers });
    for (const address of ['127.0.0.1', '::1']) {
      const local = await yardstick(address);
      expect(local.statusCode, address).toBe(200);
      expect(local.json().data.id).toBe(pending);
    }
    for (const address of ['203.0.113.9', '192.168.1.20', '2001:db8::1']) {
      const remote = await yardstick(address);
      expect(remote.statusCode, address).toBe(404);
      expect(remote.json()).toEqual(UNKNOWN_ROUTE);
    }
    const relayed = await yardstick('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(relayed.json()).toEqual(UNKNOWN_ROUTE);
  });
});

describe('production (no DEV_MODE) with MAIL_TRANSPORT=log', () => {
  let t: TestApp;
  const log = logRecords();
  beforeAll(async () => {
    t = await createTestApp(
      { env: 'production', devMode: false, mailTransport: 'log' },
      { logger: { level: 'info', stream: log.stream } },
    );
  });
  afterAll(() => t.close());

  /** A raw query's rows, from PGlite's and node-postgres's result shapes alike. */
  async function rowsOf<Row = Record<string, unknown>>(query: SQL): Promise<Row[]> {
    const result = (await t.database.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  it('has no dev outbox, even for this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const response = await t.request({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(UNKNOWN_ROUTE);
    }
  });

  it('has no bench yardstick', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/dev/yardstick/quests/00000000-0000-4000-8000-000000000000',
      remoteAddress: '127.0.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(UNKNOWN_ROUTE);
  });

  it("logs a sign-up mail's recipient and subject only, and keeps no mail in the database", async () => {
    const user = newUser();
    expect((await register(t, user)).statusCode).toBe(201);
    // The code mail leaves after the answer (sign-up answers alike for taken emails:
    // docs/product-rules/accounts-and-security.md#sign-up).
    const mailRecords = await vi.waitFor(() => {
      const found = log.records.filter((record) => record.to === user.email);
      expect(found).toHaveLength(1);
      return found;
    });
    const [record] = mailRecords;
    expect(record?.msg).toMatch(/MAIL_TRANSPORT=log/);
    expect(typeof record?.subject).toBe('string');
    expect(Object.keys(record ?? {}).sort()).toEqual([
      'hostname',
      'level',
      'msg',
      'pid',
      'subject',
      'time',
      'to',
    ]);
    // Neither the mail's body nor any code is anywhere in the log.
    expect(log.records.flatMap(stringsIn).some((text) => text.includes('verification code is'))).toBe(false);
    expect(await t.database.db.select().from(devOutbox)).toEqual([]);
  });

  it('never writes the text of a mail, or the code in it, to the log or to any table', async () => {
    const records = logRecords();
    const mailer = createMailer({
      transport: 'log',
      smtpUrl: undefined,
      from: 'CityQuest <no-reply@example.com>',
      db: t.database.db,
      log: Fastify({ logger: { level: 'trace', stream: records.stream } }).log,
    });
    const code = 'QX7R-93KM-2VTD';
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Your CityQuest password reset code',
      text: `Hi Someone,\n\nYour CityQuest password reset code is ${code}.\n`,
    });
    expect(records.records).toHaveLength(1);
    expect(records.records[0]).toMatchObject({
      to: 'someone@example.com',
      subject: 'Your CityQuest password reset code',
    });
    expect(records.records.flatMap(stringsIn).some((text) => text.includes(code))).toBe(false);
    const tables = await rowsOf<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { name } of tables) {
      const rows = await rowsOf(sql`select * from ${sql.identifier(name)}`);
      expect(
        stringsIn(rows).some((text) => text.includes(code)),
        name,
      ).toBe(false);
    }
  });
});
