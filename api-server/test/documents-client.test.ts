// A client written from the product's call list and field names alone (docs/product-rules/api-shapes.md),
// tried against the API as a new user would: it knows those calls and field names and nothing of
// openapi.yaml, sends plain strings where the call list gives no type, and fails on any answer whose shape it
// cannot use (the issue this guards: such a client's quest page, in-progress page and profile crashed, its
// admin counters read 0 and its admin edit was refused). Only the set-up a client cannot do itself (reading
// the mailed code, making the first admin, seeding the badge catalogue) goes around it.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ensureBadgeCatalogue } from '../src/modules/badges/badge-awards.ts';
import { createLocalStorage } from '../src/plugins/storage.ts';
import { latestCode, png } from './fixtures.ts';
import { fixtureGeoConfig, type GeoFixtureServer, startGeoFixtureServer } from './geo-fixture-server.ts';
import { createTestApp, type TestApp } from './helper.ts';

const PASSWORD = 'Lantern-orbit-Mango-47';

let t: TestApp;
let places: GeoFixtureServer;
beforeAll(async () => {
  places = await startGeoFixtureServer();
  t = await createTestApp({ geo: fixtureGeoConfig(places.url) });
  await ensureBadgeCatalogue(t.database.db, createLocalStorage(t.config.storageDir));
});
afterAll(async () => {
  await t.close();
  await places.close();
});

// ---- What the client can read: every reader throws on a shape the product's screens could not use. ----

class UnusableShape extends Error {}

const record = (value: unknown, where: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UnusableShape(`${where}: expected an object, got ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
};
const text = (value: unknown, where: string): string => {
  if (typeof value !== 'string')
    throw new UnusableShape(`${where}: expected text, got ${JSON.stringify(value)}`);
  return value;
};
const numeric = (value: unknown, where: string): number => {
  if (typeof value !== 'number')
    throw new UnusableShape(`${where}: expected a number, got ${JSON.stringify(value)}`);
  return value;
};
const list = (value: unknown, where: string): unknown[] => {
  if (!Array.isArray(value))
    throw new UnusableShape(`${where}: expected a list, got ${JSON.stringify(value)}`);
  return value;
};
/** Tips are strings or objects with tip_text (or tipText, content, text). */
const tipText = (value: unknown, where: string): string => {
  if (typeof value === 'string') return value;
  const tip = record(value, where);
  return text(tip.tip_text ?? tip.tipText ?? tip.content ?? tip.text, `${where}.tip_text`);
};
/** Tasks are strings or objects with description (or name). */
const taskText = (value: unknown, where: string): string => {
  if (typeof value === 'string') return value;
  const task = record(value, where);
  return text(task.description ?? task.name, `${where}.description`);
};

// ---- How the client talks: fetch-like calls, answers read from `data`. ----

type Reply = { status: number; success: boolean; message: string; data: unknown };
type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };

async function formBody(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part)
      form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type }), part.filename);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function fetchApi(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { token?: string; json?: object; form?: Part[] } = {},
): Promise<Reply> {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  let payload: string | Buffer | undefined;
  if (options.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  } else if (options.form) {
    const body = await formBody(options.form);
    headers['content-type'] = body.contentType;
    payload = body.payload;
  }
  const response = await t.app.inject({ method, url: `/api/v1${path}`, headers, payload });
  const body = record(response.json(), `${method} ${path}`);
  return {
    status: response.statusCode,
    success: body.success === true,
    message: typeof body.message === 'string' ? body.message : '',
    data: body.data,
  };
}

/** A call that must succeed, as the screens treat it; its `data`. */
async function ok(...args: Parameters<typeof fetchApi>): Promise<unknown> {
  const reply = await fetchApi(...args);
  if (!reply.success) throw new Error(`${args[0]} ${args[1]} failed (${reply.status}): ${reply.message}`);
  return reply.data;
}

type Session = { userId: string; accessToken: string; email: string };

let counter = 0;
/** Registration (multipart), then the four-digit code from the mail, as the sign-up screens do. */
async function signUp(fullName: string): Promise<Session> {
  counter += 1;
  const username = `docs_client_${Date.now().toString(36)}_${counter}`;
  const registered = record(
    await ok('POST', '/users/register', {
      form: [
        { name: 'username', value: username },
        { name: 'fullName', value: fullName },
        { name: 'email', value: `${username}@example.com` },
        { name: 'password', value: PASSWORD },
        { name: 'confirmPassword', value: PASSWORD },
        { name: 'avatar', file: await png(), filename: 'me.png', type: 'image/png' },
        { name: 'coverImage', file: await png(120, 40), filename: 'cover.png', type: 'image/png' },
      ],
    }),
    'register data',
  );
  const email = text(registered.email, 'register data.email');
  const verified = record(
    await ok('POST', '/users/verify-email', {
      json: { email, verificationCode: await latestCode(t, email) },
    }),
    'verify-email data',
  );
  return {
    userId: text(record(verified.user, 'data.user')._id, 'data.user._id'),
    accessToken: text(verified.accessToken, 'data.accessToken'),
    email,
  };
}

async function logIn(email: string): Promise<Session> {
  const data = record(
    await ok('POST', '/users/login', { json: { email, password: PASSWORD } }),
    'login data',
  );
  return {
    userId: text(record(data.user, 'data.user')._id, 'data.user._id'),
    accessToken: text(data.accessToken, 'data.accessToken'),
    email,
  };
}

const photoPart = async (name: string) => ({
  name,
  file: await png(64, 48),
  filename: 'proof.png',
  type: 'image/png',
});

describe('a client written from the documents', () => {
  it('signs up, plays a quest with both proof calls, reads its profile, and moderates', async () => {
    const creator = await signUp('Asha Creator');
    const explorer = await signUp('Ravi Explorer');
    const moderatorAccount = await signUp('Meera Moderator');
    // Set-up: the first admin is made outside any client.
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, moderatorAccount.userId));
    const moderator = await logIn(moderatorAccount.email);

    // The create form: start and end as text or JSON of lat and lng; tasks and tips as JSON lists of strings.
    const title = `Gates of Delhi ${Date.now()}`;
    await ok('POST', '/quests/create-quest', {
      token: creator.accessToken,
      form: [
        { name: 'title', value: title },
        { name: 'subtitle', value: 'Two gates, one walk' },
        { name: 'category', value: 'History' },
        { name: 'difficulty', value: 'Easy' },
        { name: 'description', value: 'From India Gate to the President’s house.' },
        { name: 'address', value: 'Kartavya Path' },
        { name: 'city', value: 'New Delhi' },
        { name: 'pincode', value: '110001' },
        { name: 'startLocation', value: 'India Gate' },
        { name: 'endLocation', value: JSON.stringify({ lat: 28.6143, lng: 77.1994 }) },
        { name: 'xp', value: '50' },
        { name: 'tags', value: 'history, walking' },
        { name: 'proofInstructions', value: 'A photo at each stop.' },
        {
          name: 'tasks',
          value: JSON.stringify(['Photograph India Gate.', 'Find the eternal flame.', 'Reach the gates.']),
        },
        { name: 'tips', value: JSON.stringify(['Go at dusk.']) },
        {
          name: 'waypoints',
          value: JSON.stringify([{ lat: 28.6129, lng: 77.2295, id: 1, name: 'India Gate' }]),
        },
        await photoPart('photos'),
      ],
    });

    // Moderation: the pending list (page 1, limit 5), approve with feedback.
    const pending = record(
      await ok('GET', '/admin/quests/pending?page=1&limit=5', { token: moderator.accessToken }),
      'pending',
    );
    const listed = list(pending.quests, 'pending.quests').map((quest, index) =>
      record(quest, `quests[${index}]`),
    );
    const created = listed.find((quest) => quest.title === title);
    const questId = text(created?._id, 'the created quest _id');
    // The approval names the version the moderator read, its `updatedAt` from the list
    // (docs/ops/security.md#moderation-integrity).
    await ok('PATCH', `/admin/quests/${questId}/approve`, {
      token: moderator.accessToken,
      json: {
        feedback: 'Quest approved by admin',
        seenUpdatedAt: text(created?.updatedAt, 'the created quest updatedAt'),
      },
    });

    // The quest page prints the route's start and end and numbers the waypoints.
    const quest = record(await ok('GET', `/quests/${questId}`, { token: explorer.accessToken }), 'quest');
    const route = record(list(quest.routes, 'quest.routes')[0], 'routes[0]');
    const start = text(route.start_location, 'routes[0].start_location');
    const end = text(route.end_location, 'routes[0].end_location');
    expect(start).toBe('India Gate');
    expect(end).not.toBe('');
    for (const [index, waypoint] of list(route.waypoints, 'routes[0].waypoints').entries()) {
      numeric(record(waypoint, `waypoints[${index}]`).lat, `waypoints[${index}].lat`);
      numeric(record(waypoint, `waypoints[${index}]`).lng, `waypoints[${index}].lng`);
    }
    const tasks = list(quest.tasks, 'quest.tasks').map((task, index) => {
      const item = record(task, `tasks[${index}]`);
      return { id: text(item._id, `tasks[${index}]._id`), description: taskText(item, `tasks[${index}]`) };
    });
    expect(tasks.map((task) => task.description)).toEqual([
      'Photograph India Gate.',
      'Find the eternal flame.',
      'Reach the gates.',
    ]);
    expect(list(quest.tips, 'quest.tips').map((tip, index) => tipText(tip, `tips[${index}]`))).toEqual([
      'Go at dusk.',
    ]);

    // Start, then both proof calls with the proof submission's fields (questId, description, file).
    await ok('POST', '/quest-progress/start', { token: explorer.accessToken, json: { questId } });
    await ok('POST', `/quest-progress/task-proof/${questId}/1`, {
      token: explorer.accessToken,
      form: [
        { name: 'questId', value: questId },
        { name: 'description', value: 'India Gate at dusk' },
        await photoPart('file'),
      ],
    });
    await ok('POST', `/quest-progress/${questId}/submit-proof`, {
      token: explorer.accessToken,
      form: [
        { name: 'questId', value: questId },
        { name: 'description', value: 'The eternal flame' },
        await photoPart('file'),
      ],
    });

    // The in-progress page marks a task done when its id is in completed_tasks.
    const progress = record(
      await ok('GET', `/quest-progress/${questId}`, { token: explorer.accessToken }),
      'progress',
    );
    const completed = list(progress.completed_tasks, 'completed_tasks');
    const done = tasks.filter((task) => completed.includes(task.id));
    expect([done.length, numeric(progress.total_tasks, 'total_tasks')]).toEqual([2, 3]);

    // An admin awards a badge; the profile reads stats and the earned badges.
    await ok('POST', '/admin/badge/award', {
      token: moderator.accessToken,
      json: { userId: explorer.userId, badgeId: 1, reason: 'Welcome' },
    });
    const profile = record(await ok('GET', '/users/my-profile', { token: explorer.accessToken }), 'profile');
    const stats = record(profile.stats, 'profile.stats');
    expect({
      level: numeric(stats.level, 'stats.level'),
      totalXP: numeric(stats.totalXP, 'stats.totalXP'),
      rank: text(stats.rank, 'stats.rank'),
      questsCompleted: numeric(stats.questsCompleted, 'stats.questsCompleted'),
    }).toEqual({ level: 1, totalXP: 0, rank: 'Novice Explorer', questsCompleted: 0 });
    const badges = list(profile.badges, 'profile.badges').map((entry, index) => {
      const earned = record(entry, `badges[${index}]`);
      const badge = record(earned.badge_id ?? earned.badge, `badges[${index}].badge_id`);
      return text(badge.name, `badges[${index}].badge_id.name`);
    });
    expect(badges).toHaveLength(1);

    // The admin dashboard reads the flat counters first.
    const counters = record(
      await ok('GET', '/admin/dashboard', { token: moderator.accessToken }),
      'dashboard',
    );
    const flat = Object.fromEntries(
      ['totalUsers', 'activeUsers', 'newUsersToday', 'totalQuests', 'pendingQuests', 'approvedQuests']
        .concat(['rejectedQuests', 'monthlyGrowth', 'pendingProofs'])
        .map((name) => [name, numeric(counters[name], `dashboard.${name}`)]),
    );
    expect(counters.systemHealth).toBeDefined();
    expect(flat).toMatchObject({ totalUsers: 3, totalQuests: 1, approvedQuests: 1, pendingProofs: 2 });

    // The admin edit sends tasks and tips as strings, with the quest's own fields.
    await ok('PUT', `/admin/quests/${questId}`, {
      token: moderator.accessToken,
      json: {
        title: `${title} (revised)`,
        description: 'From India Gate to Rashtrapati Bhavan.',
        category: 'History',
        difficulty: 'Medium',
        tasks: ['Photograph India Gate.', 'Find the eternal flame.', 'Reach the gates.', 'Watch the guards.'],
        tips: ['Go at dusk.', 'Carry water.'],
        xp: 40,
        tags: ['history', 'walking'],
        subtitle: 'Two gates, one evening',
        estimatedTime: '1-2 hours',
        address: 'Kartavya Path',
        city: 'New Delhi',
        state: 'Delhi',
        pincode: '110001',
        proofInstructions: 'A photo at each stop, faces optional.',
      },
    });
    const edited = record(await ok('GET', `/quests/${questId}`, { token: moderator.accessToken }), 'edited');
    expect(
      list(edited.tasks, 'edited.tasks').map((task, index) => taskText(task, `tasks[${index}]`)),
    ).toHaveLength(4);
    expect(list(edited.tips, 'edited.tips').map((tip, index) => tipText(tip, `tips[${index}]`))).toEqual([
      'Go at dusk.',
      'Carry water.',
    ]);
    expect([text(edited.estimatedTime, 'estimatedTime'), text(edited.state, 'state')]).toEqual([
      '1-2 hours',
      'Delhi',
    ]);
  });
});
