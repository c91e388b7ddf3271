// A real API server process (src/server.ts, as `npm run api` starts it) and a small HTTP client for it: for the
// tests that need what only a process has (signals, a restart on the same data, two instances side by side).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { multipart, png } from './fixtures.ts';

const API_ROOT = join(import.meta.dirname, '..');

/** `count` distinct free ports: each is held until all are found, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const probe = createServer().listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as { port: number }).port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}

export type Sent = { status: number; body: { data?: unknown; message?: string } };
type Form = { payload: Buffer; headers: Record<string, string> };

/** Throws with the status and message unless the call succeeded. */
export const data = <T>(sent: Sent): T => {
  if (sent.status >= 300) throw new Error(`${sent.status} ${sent.body.message}`);
  return sent.body.data as T;
};

export type ApiClient = {
  /** The API's base URL, `http://127.0.0.1:<port>/api/v1`. */
  base: string;
  send(method: string, path: string, token?: string, body?: object | Form): Promise<Sent>;
  /** Registers and verifies `<name>@<domain>` (the code from the dev outbox); answers its id and access token. */
  signUp(name: string, domain: string): Promise<{ id: string; token: string; email: string }>;
  login(email: string, password: string): Promise<string>;
};

export const EXPLORER_PASSWORD = 'Explorer#2026pass';

export function apiClient(port: number): ApiClient {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const send: ApiClient['send'] = async (method, path, token, body) => {
    const isForm = body !== undefined && 'payload' in body;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(isForm ? (body as Form).headers : body ? { 'content-type': 'application/json' } : {}),
      },
      body: isForm ? new Uint8Array((body as Form).payload) : body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Sent['body'] };
  };
  const login: ApiClient['login'] = async (email, password) =>
    data<{ accessToken: string }>(await send('POST', '/users/login', undefined, { email, password }))
      .accessToken;
  return {
    base,
    send,
    login,
    async signUp(name, domain) {
      const email = `${name}@${domain}`;
      const form = await multipart([
        { name: 'username', value: name },
        { name: 'fullName', value: name },
        { name: 'email', value: email },
        { name: 'password', value: EXPLORER_PASSWORD },
        { name: 'confirmPassword', value: EXPLORER_PASSWORD },
        { name: 'avatar', file: await png(), filename: 'a.png', type: 'image/png' },
        { name: 'coverImage', file: await png(), filename: 'c.png', type: 'image/png' },
      ]);
      data(await send('POST', '/users/register', undefined, form));
      const [mail] = data<{ text: string }[]>(
        await send('GET', `/dev/outbox?to=${encodeURIComponent(email)}`),
      );
      const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1];
      const session = data<{ accessToken: string; user: { _id: string } }>(
        await send('POST', '/users/verify-email', undefined, { email, verificationCode: code }),
      );
      return { id: session.user._id, token: session.accessToken, email };
    },
  };
}

export type ApiProcess = ApiClient & {
  port: number;
  child: ChildProcess;
  /** SIGTERM, as a process manager stops an instance; answers how the process ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
};

/**
 * Starts `src/server.ts` in development mode (the dev outbox gives tests the mailed codes) on `port`, with geo
 * providers on a closed port and the settings in `env`, and waits until /health answers.
 */
export async function startApiProcess(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_MODE: '1',
      PORT: String(port),
      ADMIN_PORT: String(port + 1),
      SEED_DEMO: '',
      LOG_LEVEL: 'fatal',
      GEOCODER_URL: 'http://127.0.0.1:9',
      PLACES_URL: 'http://127.0.0.1:9',
      ROUTER_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: 'ignore',
  });
  const client = apiClient(port);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited())
      throw new Error(`the server on port ${port} exited with ${child.exitCode ?? child.signalCode}`);
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start within 60 s`);
    try {
      if ((await fetch(`${client.base}/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    ...client,
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (exited()) return resolve({ code: child.exitCode, signal: child.signalCode });
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.kill('SIGTERM');
      }),
    kill: () =>
      new Promise((resolve) => {
        if (exited()) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
