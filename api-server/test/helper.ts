import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';
import type { MailSender } from '../src/plugins/mail.ts';
import { createLocalStorage, type Storage } from '../src/plugins/storage.ts';
import { scratchDatabase } from './local-services.ts';
import { checkResponse } from './spec-validator.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** app.inject, with every answer checked against openapi.yaml. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/**
 * TEST_DATABASE_URL set: a uniquely named database on that server, dropped at the end. Otherwise a PGlite
 * restored from the migrated snapshot made once per run.
 */
async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, 'cityquest_test');
    const database = openPostgres(scratch.url);
    await database.migrate();
    return { database, drop: scratch.drop };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const client = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(snapshot)]),
    extensions: pgliteExtensions,
  });
  return { database: openPglite(client), drop: async () => undefined };
}

export type TestAppOptions = {
  /** Wraps the local storage, e.g. to simulate a full disk. */
  storage?: (local: Storage) => Storage;
  /** Fastify's logger, e.g. `{ level: 'info', stream }` to read what the server logs; off by default. */
  logger?: FastifyServerOptions['logger'];
  /** Stands in for the configured transport, e.g. to fail sends. */
  mailer?: MailSender;
  /** A migrated database the test made (e.g. with read replicas); closed with the app, dropped by the test. */
  database?: Database;
};

/** GET /events answers a stream that stays open: app.inject would wait for its end forever. */
const STREAMED = /^\/api\/v1\/events(\?|$)/;

/**
 * Sends a request for the event stream over a real connection (the app listens on a free port the first
 * time), reads its status, headers and first frame, then closes it.
 */
async function requestStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}${String(options.url)}`, {
    headers: (options.headers ?? {}) as Record<string, string>,
    signal: abort.signal,
  });
  let body: string;
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const first = await response.body?.getReader().read();
    body = new TextDecoder().decode(first?.value);
    abort.abort();
  } else {
    body = await response.text();
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const answer = {
    statusCode: response.status,
    headers,
    body,
    payload: body,
    json: () => JSON.parse(body),
  };
  // Only what the suites read of an answer (status, headers, body, json) exists on a real connection's reply.
  return answer as unknown as LightMyRequestResponse;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cityquest-app-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    // The suites read mailed codes from the dev outbox, which exists only in development mode.
    DEV_MODE: '1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    // Tests never reach the internet: geo providers point at a closed local port unless a test passes its
    // fixture server (test/geo-fixture-server.ts) in overrides.geo.
    GEOCODER_URL: 'http://127.0.0.1:9',
    PLACES_URL: 'http://127.0.0.1:9',
    ROUTER_URL: 'http://127.0.0.1:9',
  });
  const config: AppConfig = {
    ...base,
    rateLimit: { authPerMinute: 1000 },
    // Suites create many quests, proofs and reports from one account or address; test/security/quotas.test.ts
    // sets small quotas to test them.
    quotas: {
      questCreationsPerHour: 1000,
      proofSubmissionsPerHour: 1000,
      bugReportsPerDay: 1000,
      contactMessagesPerDay: 1000,
      feedbackPerDay: 1000,
      supportMessagesPerHour: 1000,
      friendRequestsPerDay: 1000,
      directionsPerMinute: 1000,
      reverseGeocodesPerMinute: 1000,
    },
    ...overrides,
  };
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => undefined }
    : await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    // Without a wrapper, the storage the config names: the local folder, or a bucket when a test sets one.
    ...(options.storage ? { storage: options.storage(createLocalStorage(config.storageDir)) } : {}),
    logger: options.logger ?? false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async request(options) {
      const response = STREAMED.test(String(options.url ?? options.path))
        ? await requestStream(app, options)
        : await app.inject(options);
      const problems = await checkResponse(
        String(options.method ?? 'GET').toUpperCase(),
        String(options.url ?? options.path),
        response.statusCode,
        response.headers['content-type'] as string | undefined,
        response.body,
      );
      expect(problems, `${options.method} ${options.url}`).toEqual([]);
      return response;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
