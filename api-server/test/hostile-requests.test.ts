import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../src/db/schema.ts';
import { listOperations } from '../src/lib/spec.ts';
import { registerVerified } from './fixtures.ts';
import { fixtureGeoConfig, type GeoFixtureServer, startGeoFixtureServer } from './geo-fixture-server.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type FilePool, filePool } from './hostile-files.ts';
import {
  approvedQuest,
  call,
  type Explorer,
  idOf,
  submitQuest,
  submitTaskProof,
  withRole,
} from './quest-fixtures.ts';
import { type Draft, type RealRows, requestArbitraries, summary } from './request-arbitraries.ts';

// Issue 11 item 2: every operation of openapi.yaml fed generated, mostly hostile requests as a visitor, an
// explorer and an admin. A fixed seed keeps the run reproducible; fast-check prints the seed and the
// counterexample of a failure.
// HOSTILE_SEED / HOSTILE_RUNS explore further by hand; the suite runs the fixed values.
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_122);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 6);

type Persona = 'visitor' | 'explorer' | 'admin';
const PERSONAS: readonly Persona[] = ['visitor', 'explorer', 'admin'];

/** They end the caller's session or account: explorers and admins use a throwaway account, signed in per run. */
const SESSION_ENDING = new Set(['logoutUser', 'deleteAccount', 'changePassword']);
/**
 * A contract gap, not a server fault: these operations take no body, and a malformed one sent anyway answers
 * 400, which openapi.yaml does not declare for them. Tolerated only for such requests, and checked to be the
 * error envelope; every other answer of theirs is held to the contract.
 */
const UNDECLARED_400_FOR_A_BODY = new Set(['logoutUser', 'removeAvatar', 'removeCoverImage']);
/**
 * The geo operations relay a free provider: 502 (declared as BadGateway) is their answer when the provider
 * fails or finds nothing, e.g. a point in the open sea
 * (src/modules/geo/reverse-geocoding.test.ts). Any other 5xx is a fault.
 */
const UPSTREAM_502 = new Set(['reverseGeocode', 'searchPlaces', 'getDirections']);
/** Dev-only (x-dev-only, 404 in production): the mailbox of every test mail, readable by anyone by design. */
const NO_PRIVACY_CHECK = new Set(['listDevOutbox']);

const operations = listOperations();

let t: TestApp;
let geo: GeoFixtureServer;
let explorer: Explorer;
let admin: Explorer;
let victim: Explorer;
let stranger: Explorer;
const marker = randomUUID().slice(0, 8);
const secrets = {
  bio: `victim-bio-${marker}`,
  notification: `victim-notification-${marker}`,
  draftTitle: `Victim draft ${marker}`,
  supportMessage: `victim-support-${marker}`,
};
const real: RealRows = {
  quests: [],
  adminQuests: [],
  ownDeletableQuest: '',
  adminDeletableQuest: '',
  users: [],
  adminTargets: [],
  friendRequest: '',
  notifications: [],
  report: '',
  progress: '',
  conversation: '',
};
const POOL: FilePool = {};
const { draftArbitrary, toInject } = requestArbitraries(real, POOL);

// ---------------------------------------------------------------------------------------------------------
// Setup: three personas, a victim with private data, and real rows to aim at

const ownNotification = async (userId: string, text: string) => {
  const [row] = await t.database.db
    .insert(tables.notifications)
    .values({ userId, type: 'system', title: text, message: `${text} message` })
    .returning({ id: tables.notifications.id });
  return row?.id ?? '';
};

beforeAll(async () => {
  geo = await startGeoFixtureServer();
  t = await createTestApp({
    geo: fixtureGeoConfig(geo.url, { placesRateLimit: { max: 1_000, windowMs: 60_000 } }),
  });
  [explorer, admin, victim, stranger] = [
    await registerVerified(t),
    await withRole(t, await registerVerified(t), 'admin'),
    await registerVerified(t),
    await registerVerified(t),
  ];

  // The victim: a private profile with a bio, a notification, an unapproved quest.
  await call(t, 'POST', '/users/settings', victim, { privacy: { profileVisibility: 'private' } });
  await call(t, 'POST', '/users/update-account-details', victim, { bio: secrets.bio });
  const victimNotification = await ownNotification(idOf(victim), secrets.notification);
  const draft = await submitQuest(t, victim, { title: secrets.draftTitle });
  const victimDraft = draft.json().data._id as string;

  const adminsQuest = await approvedQuest(t, admin);
  const strangersQuest = await approvedQuest(t, stranger);
  const explorersDraft = (await submitQuest(t, explorer)).json().data._id as string;
  real.ownDeletableQuest = (await submitQuest(t, explorer)).json().data._id as string;
  real.adminDeletableQuest = await approvedQuest(t, stranger);
  // The victim's draft is never offered to admin quest routes: approving it would publish its title.
  real.quests = [adminsQuest, strangersQuest, explorersDraft, victimDraft];
  real.adminQuests = [adminsQuest, strangersQuest, explorersDraft];

  const started = await call(t, 'POST', '/quest-progress/start', explorer, { questId: adminsQuest });
  real.progress = started.json().data._id as string;
  await submitTaskProof(t, explorer, adminsQuest, 1);

  const request = await call(t, 'POST', '/friends/send-request', stranger, { userId: idOf(explorer) });
  real.friendRequest = request.json().data._id as string;
  real.notifications = [await ownNotification(idOf(explorer), 'Your own notification'), victimNotification];
  await t.request({
    method: 'POST',
    url: '/api/v1/users/contact-us',
    payload: {
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Feedback',
      message: 'Lovely walks, thank you!',
    },
  });
  real.report = (await call(t, 'GET', '/admin/reports', admin)).json().data.reports[0]._id as string;
  const conversation = await call(t, 'POST', '/support/conversation/messages', victim, {
    text: secrets.supportMessage,
  });
  real.conversation = conversation.json().data._id as string;

  real.users = [idOf(victim), idOf(stranger), idOf(admin), idOf(explorer)];
  // Admin user routes never get the explorer persona (a suspension would turn later explorer runs into 403s).
  real.adminTargets = [idOf(victim), idOf(stranger), idOf(admin)];

  Object.assign(POOL, await filePool());
});

afterAll(async () => {
  await t?.close();
  await geo?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Privacy: what no answer may carry

function forbiddenTexts(persona: Persona): string[] {
  const always = [secrets.notification, victim.session.refreshToken, victim.session.accessToken, '$argon2'];
  // Admins may see accounts (emails, bios): docs/product-rules/moderation.md#what-admins-can-do
  if (persona === 'admin') return always;
  return [
    ...always,
    secrets.bio,
    secrets.draftTitle,
    secrets.supportMessage,
    victim.email,
    stranger.email,
    admin.email,
  ];
}

/** Objects standing for the victim must not carry their email or settings outside admin answers. */
function privateFieldsOfVictim(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) privateFieldsOfVictim(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record._id === idOf(victim)) {
      for (const key of ['email', 'settings', 'bio']) if (key in record) found.push(key);
    }
    for (const item of Object.values(record)) privateFieldsOfVictim(item, found);
  }
  return found;
}

function leaks(persona: Persona, body: string): string[] {
  const found = forbiddenTexts(persona).filter((text) => body.includes(text));
  if (persona !== 'admin' && body.startsWith('{')) {
    found.push(...privateFieldsOfVictim(JSON.parse(body)).map((key) => `victim's ${key}`));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

async function send(operationId: string, draft: Draft, request: InjectOptions) {
  if (UNDECLARED_400_FOR_A_BODY.has(operationId) && draft.body.kind !== 'none') {
    const response = await t.app.inject(request);
    if (response.statusCode === 400) {
      expect(response.json()).toMatchObject({ success: false, statusCode: 400, message: expect.any(String) });
      return response;
    }
  }
  return t.request(request);
}

// ---------------------------------------------------------------------------------------------------------
// Sessions

async function throwaway(persona: Persona): Promise<Explorer | undefined> {
  if (persona === 'visitor') return undefined;
  const account = await registerVerified(t);
  return persona === 'admin' ? withRole(t, account, 'admin') : account;
}

/** Signs a throwaway account in again, so each run starts with a live session (the last run may have ended it). */
async function freshToken(account: Explorer): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: account.email, password: account.password },
  });
  return response.statusCode === 200
    ? (response.json().data.accessToken as string)
    : account.session.accessToken;
}

// ---------------------------------------------------------------------------------------------------------

describe('every operation answers generated hostile requests within the contract', () => {
  it('covers each operation of the contract, each with a request generator', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const entry of operations) expect(() => draftArbitrary(entry)).not.toThrow();
  });

  const cases = operations.flatMap((entry, index) =>
    PERSONAS.map((persona) => [entry.operation.operationId, persona, entry, index] as const),
  );

  it.each(cases)('%s as %s', async (operationId, persona, entry, index) => {
    const ownAccount = SESSION_ENDING.has(operationId) ? await throwaway(persona) : undefined;
    const session = async () => {
      if (ownAccount) return freshToken(ownAccount);
      if (persona === 'explorer') return explorer.session.accessToken;
      if (persona === 'admin') return admin.session.accessToken;
      return undefined;
    };
    let answered: LightMyRequestResponse | undefined;
    await fc.assert(
      fc.asyncProperty(draftArbitrary(entry), async (draft) => {
        const request = await toInject(entry.method, draft, await session());
        answered = await send(operationId, draft, request);
        const where = `${summary(entry.method, draft)} -> ${answered.statusCode} ${answered.body.slice(0, 300)}`;
        if (!(UPSTREAM_502.has(operationId) && answered.statusCode === 502)) {
          expect(answered.statusCode, where).toBeLessThan(500);
        }
        if (!NO_PRIVACY_CHECK.has(operationId)) expect(leaks(persona, answered.body), where).toEqual([]);
      }),
      { seed: SEED + index * 3 + PERSONAS.indexOf(persona), numRuns: RUNS, endOnFailure: true },
    );
    expect(answered).toBeDefined();
  });
});
