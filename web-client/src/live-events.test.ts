// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { type LiveEvent, type LiveStreamState, openLiveStream } from './live-events.ts';

type Call = { authorization: string | null; lastEventId: string | null };

/** A server for the stream: each call answers the next scripted reply (frames, then the stream ends). */
function scriptedServer(replies: (() => Response)[]) {
  const calls: Call[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ authorization: headers.get('authorization'), lastEventId: headers.get('last-event-id') });
    const reply = replies.shift();
    if (!reply) return new Promise<Response>(() => undefined);
    return reply();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const stream = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

const frame = (id: string, event: LiveEvent) =>
  `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

async function until(check: () => boolean) {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 2000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let close: () => void = () => undefined;
afterEach(() => close());

describe('openLiveStream', () => {
  it('hands over each event, and reopens a closed stream with a fresh token and the last event id', async () => {
    let token = 'first-token';
    const server = scriptedServer([
      () =>
        stream(
          `retry: 3000\n\n: heartbeat\n\n${frame('a.1', { type: 'notification' })}${frame('a.2', { type: 'profile', xp: 120, level: 2 })}`,
        ),
      () => stream(frame('a.3', { type: 'progress', questId: 'q', taskOrder: 1, status: 'approved' })),
    ]);
    const events: LiveEvent[] = [];
    const states: LiveStreamState[] = [];
    close = openLiveStream({
      baseUrl: '/api/v1',
      tokens: { getAccessToken: () => token },
      refreshSession: async () => true,
      onEvent: (event) => {
        events.push(event);
        token = 'second-token';
      },
      onState: (state) => states.push(state),
      fetch: server.fetch,
    });
    await until(() => events.length === 3);
    expect(events.map((event) => event.type)).toEqual(['notification', 'profile', 'progress']);
    expect(events[1]).toEqual({ type: 'profile', xp: 120, level: 2 });
    expect(server.calls.slice(0, 2)).toEqual([
      { authorization: 'Bearer first-token', lastEventId: null },
      { authorization: 'Bearer second-token', lastEventId: 'a.2' },
    ]);
    expect(states.slice(0, 3)).toEqual(['open', 'down', 'open']);
  });

  it('refreshes the session once after a 401 and tries again', async () => {
    let refreshed = false;
    const server = scriptedServer([
      () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }),
      () => stream(frame('b.1', { type: 'notification' })),
    ]);
    const events: LiveEvent[] = [];
    close = openLiveStream({
      baseUrl: '/api/v1',
      tokens: { getAccessToken: () => (refreshed ? 'new' : 'expired') },
      refreshSession: async () => {
        refreshed = true;
        return true;
      },
      onEvent: (event) => events.push(event),
      onState: () => undefined,
      fetch: server.fetch,
    });
    await until(() => events.length === 1);
    expect(server.calls.map((call) => call.authorization).slice(0, 2)).toEqual([
      'Bearer expired',
      'Bearer new',
    ]);
  });

  it('opens again at once when the browser is back online, with the last event id', async () => {
    const server = scriptedServer([
      () => stream(frame('c.1', { type: 'notification' })),
      () => Promise.reject(new TypeError('Failed to fetch')) as never,
      () => stream(frame('c.2', { type: 'notification' })),
    ]);
    const events: LiveEvent[] = [];
    close = openLiveStream({
      baseUrl: '/api/v1',
      tokens: { getAccessToken: () => 'token' },
      refreshSession: async () => true,
      onEvent: (event) => events.push(event),
      onState: () => undefined,
      fetch: server.fetch,
    });
    // The stream ended and the next try failed: the one after would wait 4 s. Back online, it is made at once.
    await until(() => server.calls.length === 2);
    window.dispatchEvent(new Event('online'));
    await until(() => events.length === 2);
    expect(server.calls[2]?.lastEventId).toBe('c.1');
  });

  it('stops for good when the session is gone', async () => {
    const server = scriptedServer([
      () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }),
    ]);
    const states: LiveStreamState[] = [];
    close = openLiveStream({
      baseUrl: '/api/v1',
      tokens: { getAccessToken: () => 'expired' },
      refreshSession: async () => false,
      onEvent: () => undefined,
      onState: (state) => states.push(state),
      fetch: server.fetch,
    });
    await until(() => states.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([server.calls.length, states]).toEqual([1, ['down']]);
  });
});
