// API load with autocannon against the demo city: the explorer's hot reads, the dashboard, and start + abandon,
// at several connection counts, each next to a bare Fastify route measured in the same run.

import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import sharp from 'sharp';

const CONNECTIONS = [1, 8, 32, 128];
const YARDSTICK = 'one quest row (yardstick)';
const API = '/api/v1';

export async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${body.message}`);
  return body.data;
}

export async function login(base, identifier, password) {
  const data = await json(
    await fetch(`${base}${API}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        identifier.includes('@') ? { email: identifier, password } : { username: identifier, password },
      ),
    }),
  );
  return data.accessToken;
}

/** Registers and verifies n throwaway explorers through the API (codes from the dev outbox). */
async function explorers(base, n, prefix) {
  const photo = sharp({ create: { width: 64, height: 64, channels: 3, background: '#1c7ed6' } })
    .png()
    .toBuffer();
  const tokens = [];
  for (let i = 0; i < n; i += 1) {
    const username = `${prefix}${i}`;
    const email = `${username}@bench.test`;
    const password = 'Bench#2026pass';
    const form = new FormData();
    for (const [name, value] of Object.entries({
      username,
      fullName: `Bench ${i}`,
      email,
      password,
      confirmPassword: password,
    })) {
      form.append(name, value);
    }
    form.append('avatar', new Blob([await photo]), 'avatar.png');
    form.append('coverImage', new Blob([await photo]), 'cover.png');
    await fetch(`${base}${API}/users/register`, { method: 'POST', body: form });
    const outbox = await json(await fetch(`${base}${API}/dev/outbox?to=${encodeURIComponent(email)}`));
    const code = /\b(\d{4})\b/.exec(outbox[0]?.text ?? '')?.[1];
    const verified = await json(
      await fetch(`${base}${API}/users/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, verificationCode: code }),
      }),
    );
    tokens.push(verified.accessToken);
  }
  return tokens;
}

/**
 * Lends each connection its own explorer for one pass through its requests. autocannon clears a connection's
 * context whenever it starts the list over, so a token kept there would be handed out again on every pass; a
 * rolling counter then gives two connections the same explorer once one runs a lap ahead, and their starts and
 * abandons collide (409 and 404). The pool lends an explorer to the first request of a pass and takes it back
 * with the answer to the last one. A pass cut short by a timeout never gives its explorer back; when the pool
 * runs dry, the explorer lent longest ago goes out again, and a collision that follows is counted as an error.
 */
function playerPool(players, requests) {
  const free = [...players];
  const lent = new Set();
  const borrow = (request, context) => {
    if (!context.token) {
      context.token = free.pop() ?? lent.values().next().value;
      lent.delete(context.token);
      lent.add(context.token);
    }
    return {
      ...request,
      headers: {
        // Fastify refuses an empty body declared as JSON, so only requests with a body declare one.
        ...(request.body ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
        authorization: `Bearer ${context.token}`,
      },
    };
  };
  const giveBack = (_status, _body, context) => {
    if (lent.delete(context.token)) free.push(context.token);
  };
  return requests.map((request, index) => ({
    ...request,
    setupRequest: borrow,
    ...(index === requests.length - 1 ? { onResponse: giveBack } : {}),
  }));
}

/**
 * A photo proof as a phone sends it: one JPEG of about 1 MB (noise, so it does not compress away) in a
 * multipart body with its description, built once and sent by every request.
 */
async function proofUpload() {
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
  const boundary = 'cityquest-bench-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="description"\r\n\r\nThe mural, from the gate.\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="proof.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, photoBytes: photo.length };
}

/** CPU time (user + system) the process has used so far, in ms (Linux; undefined elsewhere). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export function summary(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were: socket errors, timeouts and each non-2xx status, so a report can tell them apart.
    errorKinds: {
      ...(result.errors ? { socket: result.errors } : {}),
      ...(result.timeouts ? { timeout: result.timeouts } : {}),
      ...Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, stats]) => [code, stats.count]),
      ),
    },
    total: result.requests.total,
    // A row that completed nothing is a failure, not a quiet zero: autocannon counts neither the requests still
    // waiting when the run ends nor those before its timeout, so such a row says the server answered none in time.
    ...(result.requests.total === 0
      ? {
          failure: `no request completed in ${result.duration} s (${result.errors} socket errors, ${result.timeouts} timeouts)`,
        }
      : {}),
  };
}

export function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/**
 * Every target at every connection count; `baseUrl` serves the API (process `apiPid`), `bareUrl` the baseline
 * route. Each row is compared with both yardsticks of its connection count: the bare route and a one-row read.
 */
export async function measureApi({ baseUrl, bareUrl, apiPid, durationSeconds, label, log }) {
  const explorerToken = await login(baseUrl, 'explorer', 'Chai-Stepwell-2026');
  const moderatorToken = await login(baseUrl, 'moderator', 'Monsoon-Ledger-2026');
  const listed = await json(
    await fetch(`${baseUrl}${API}/quests?limit=50`, {
      headers: { authorization: `Bearer ${explorerToken}` },
    }),
  );
  const questId = listed.quests[0]._id;
  const startQuestId = listed.quests.at(-1)._id;
  const proofQuestId = listed.quests.at(-2)._id;
  const proof = await proofUpload();
  const players = await explorers(baseUrl, Math.max(...CONNECTIONS), `bench_${label}_`);
  const auth = (token) => ({ authorization: `Bearer ${token}` });

  const targets = [
    { name: 'bare Fastify route', url: `${bareUrl}/bare` },
    // The cost of one database round trip through the API's pool and hooks (DEV_MODE only,
    // docs/ops/performance.md#the-hot-routes-against-one-database-round-trip).
    { name: YARDSTICK, url: `${baseUrl}/dev/yardstick/quests/${questId}` },
    { name: 'GET /quests?limit=12', url: `${baseUrl}${API}/quests?limit=12`, headers: auth(explorerToken) },
    { name: 'GET /quests/{id}', url: `${baseUrl}${API}/quests/${questId}`, headers: auth(explorerToken) },
    {
      name: 'GET /quests/search',
      url: `${baseUrl}${API}/quests/search?search=fort`,
      headers: auth(explorerToken),
    },
    {
      name: 'GET /quests/my-dashboard',
      url: `${baseUrl}${API}/quests/my-dashboard`,
      headers: auth(explorerToken),
    },
    {
      name: 'GET /users/my-profile',
      url: `${baseUrl}${API}/users/my-profile`,
      headers: auth(explorerToken),
    },
    {
      name: 'GET /admin/proofs/pending',
      url: `${baseUrl}${API}/admin/proofs/pending?limit=10`,
      headers: auth(moderatorToken),
    },
    {
      name: 'POST /quest-progress/start + DELETE',
      url: baseUrl,
      // A run can end between a start and its abandon; the next run must not count that leftover as a conflict.
      reset: () =>
        Promise.all(
          players.map((token) =>
            fetch(`${baseUrl}${API}/quest-progress/${startQuestId}`, {
              method: 'DELETE',
              headers: auth(token),
            }),
          ),
        ),
      // Each connection plays as its own explorer, starting and abandoning the same quest in turn.
      requests: playerPool(players, [
        {
          method: 'POST',
          path: `${API}/quest-progress/start`,
          body: JSON.stringify({ questId: startQuestId }),
        },
        { method: 'DELETE', path: `${API}/quest-progress/${startQuestId}` },
      ]),
    },
    {
      name: `POST start + submit-proof (${Math.round(proof.photoBytes / 1024)} KB JPEG) + DELETE`,
      url: baseUrl,
      reset: () =>
        Promise.all(
          players.map((token) =>
            fetch(`${baseUrl}${API}/quest-progress/${proofQuestId}`, {
              method: 'DELETE',
              headers: auth(token),
            }),
          ),
        ),
      // Each pass proves the first task of a fresh start; the abandon removes the proof and its photo again.
      requests: playerPool(players, [
        {
          method: 'POST',
          path: `${API}/quest-progress/start`,
          body: JSON.stringify({ questId: proofQuestId }),
        },
        {
          method: 'POST',
          path: `${API}/quest-progress/${proofQuestId}/submit-proof`,
          headers: { 'content-type': proof.contentType },
          body: proof.body,
        },
        { method: 'DELETE', path: `${API}/quest-progress/${proofQuestId}` },
      ]),
    },
  ];

  // SQL statements per request, from the x-db-statements header the API sends in development (the bench's servers
  // run with DEV_MODE=1): one call of each request of a target, by the first bench explorer.
  const statementsOf = async (target) => {
    if (target.url === `${bareUrl}/bare`) return '';
    await target.reset?.();
    const calls = target.requests ?? [
      { method: 'GET', path: new URL(target.url).pathname + new URL(target.url).search },
    ];
    const counts = [];
    for (const request of calls) {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          ...(target.headers ?? {}),
          ...(request.body ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
          ...(target.requests ? auth(players[0]) : {}),
        },
        body: request.body,
      });
      counts.push(response.headers.get('x-db-statements') ?? '?');
    }
    return counts.join(' + ');
  };
  const statements = new Map();
  for (const target of targets) statements.set(target.name, await statementsOf(target));

  const rows = [];
  for (const connections of CONNECTIONS) {
    const yardsticks = {};
    for (const target of targets) {
      const { name, reset, ...options } = target;
      await reset?.();
      const cpuBefore = cpuMs(apiPid);
      const result = summary(
        await run({ ...options, connections, duration: durationSeconds, pipelining: 1 }),
      );
      const cpuAfter = cpuMs(apiPid);
      if (name === 'bare Fastify route') yardsticks.bare = result;
      if (name === YARDSTICK) yardsticks.oneRow = result;
      const ratio = (yardstick) =>
        yardstick?.requestsPerSecond
          ? Math.round((result.requestsPerSecond / yardstick.requestsPerSecond) * 1000) / 1000
          : null;
      const row = {
        database: label,
        target: name,
        connections,
        statements: statements.get(name),
        ...result,
        // The API process's CPU per request (for PGlite the database's share too: it runs inside that process).
        apiCpuMsPerRequest:
          name === 'bare Fastify route' || cpuBefore === undefined || !result.total
            ? null
            : Math.round(((cpuAfter - cpuBefore) / result.total) * 100) / 100,
        throughputVsBare: ratio(yardsticks.bare),
        throughputVsOneRow: ratio(yardsticks.oneRow),
      };
      rows.push(row);
      log(
        `  ${label} ${name} @${connections}: ${row.requestsPerSecond} req/s, p99 ${row.p99} ms, errors ${row.errors}`,
      );
    }
  }
  rows.push(await readsWhileUploading(targets, { label, durationSeconds, log }));
  return rows;
}

/**
 * The quest page at 32 connections while 8 more connections send proof photos: its p99 beside the same read's
 * row alone shows what uploads cost reads (the image work runs on worker threads; goal within 2x).
 */
async function readsWhileUploading(targets, { label, durationSeconds, log }) {
  const { name, reset: _, ...read } = targets.find((target) => target.name === 'GET /quests/{id}');
  const { reset, ...upload } = targets.find((target) => target.name.includes('submit-proof'));
  await reset();
  const [during, uploads] = (
    await Promise.all([
      run({ ...read, connections: 32, duration: durationSeconds, pipelining: 1 }),
      run({ ...upload, name: undefined, connections: 8, duration: durationSeconds, pipelining: 1 }),
    ])
  ).map(summary);
  const target = `${name} while 8 connections send proofs (${uploads.requestsPerSecond} req/s, ${uploads.errors} errors)`;
  log(`  ${label} ${target} @32: ${during.requestsPerSecond} req/s, p99 ${during.p99} ms`);
  return { database: label, target, connections: 32, statements: '', ...during, apiCpuMsPerRequest: null };
}

/** Mixed traffic for the soak: reads, the dashboard and start + abandon, memory sampled by the caller. */
export async function soak({ baseUrl, seconds, connections, onTick }) {
  const explorerToken = await login(baseUrl, 'explorer', 'Chai-Stepwell-2026');
  const listed = await json(
    await fetch(`${baseUrl}${API}/quests?limit=50`, {
      headers: { authorization: `Bearer ${explorerToken}` },
    }),
  );
  const players = await explorers(baseUrl, connections, 'soak_');
  const ids = listed.quests.map((quest) => quest._id);
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: playerPool(players, [
      { method: 'GET', path: `${API}/quests?limit=12` },
      { method: 'GET', path: `${API}/quests/${ids[3]}` },
      { method: 'GET', path: `${API}/quests/search?search=temple` },
      { method: 'GET', path: `${API}/quests/my-dashboard` },
      { method: 'POST', path: `${API}/quest-progress/start`, body: JSON.stringify({ questId: ids[7] }) },
      { method: 'DELETE', path: `${API}/quest-progress/${ids[7]}` },
    ]),
  });
  const timer = setInterval(onTick, 10_000);
  const result = await new Promise((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  clearInterval(timer);
  return summary(result);
}
