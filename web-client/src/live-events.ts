import type { components } from '@cityquest/contract';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useEffect, useRef } from 'react';
import type { TokenStore } from './client.ts';
import type { LiveStatus } from './live-status.ts';

export type LiveEvent = components['schemas']['LiveEvent'];
/** open: events arrive as they happen; down: the screens poll until it opens again. */
export type LiveStreamState = 'open' | 'down';

export type LiveStreamOptions = {
  /** The API's base address, e.g. /api/v1. */
  baseUrl: string;
  tokens: Pick<TokenStore, 'getAccessToken'>;
  /** The API client's one shared refresh (ApiClient.refreshSession); false when the session is gone. */
  refreshSession(): Promise<boolean>;
  onEvent(event: LiveEvent): void;
  onState(state: LiveStreamState): void;
  fetch?: typeof fetch;
};

/** Longest wait between two tries while the server cannot be reached. */
const MAX_RETRY_MS = 30_000;

class SessionGone extends Error {}
class TryAgain extends Error {}

/**
 * Keeps GET /events open for the signed-in user (docs/product-rules/offline-play.md#live-updates) and answers a
 * function that closes it. A dropped stream is opened again, after a wait that doubles up to 30 s, with the
 * current access token (refreshed once after a 401) and the Last-Event-ID of the last event heard, so the
 * server sends what was missed. The stream stays open while the tab is hidden: that is when a decision should
 * still reach the bell. It stops for good when the session is gone.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  let failures = 0;
  let state: LiveStreamState | undefined;
  let lastEventId: string | undefined;
  let connection: AbortController | undefined;
  let closed = false;
  const tell = (next: LiveStreamState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };
  const connect = () => {
    connection?.abort();
    const current = new AbortController();
    connection = current;
    void fetchEventSource(`${options.baseUrl}/events`, {
      signal: current.signal,
      openWhenHidden: true,
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
      // Every try reads the token afresh: the one the stream was first opened with may have been refreshed.
      fetch: (input, init) =>
        send(input, {
          ...init,
          headers: { ...init?.headers, authorization: `Bearer ${options.tokens.getAccessToken() ?? ''}` },
        }),
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith(EventStreamContentType)) {
          failures = 0;
          tell('open');
          return;
        }
        if (response.status === 401 && (await options.refreshSession())) throw new TryAgain();
        if (response.status === 401 || response.status === 403) throw new SessionGone();
        throw new TryAgain();
      },
      onmessage(message) {
        if (message.id) lastEventId = message.id;
        if (!message.event) return;
        try {
          options.onEvent(JSON.parse(message.data) as LiveEvent);
        } catch {
          // A frame that is not JSON is not one of ours; the stream goes on.
        }
      },
      onclose() {
        // The server ends a stream when its access token expires: open the next one at once.
        tell('down');
        throw new TryAgain();
      },
      onerror(error) {
        tell('down');
        if (error instanceof SessionGone) throw error;
        failures += 1;
        return error instanceof TryAgain && failures === 1 ? 0 : Math.min(MAX_RETRY_MS, 1000 * 2 ** failures);
      },
    }).catch(() => undefined);
  };
  // Back online after a while without a connection, the stream opens at once rather than when its longest wait
  // ends (docs/product-rules/offline-play.md#live-updates).
  const onOnline = () => {
    if (closed || state === 'open') return;
    failures = 0;
    connect();
  };
  globalThis.addEventListener?.('online', onOnline);
  connect();
  return () => {
    closed = true;
    globalThis.removeEventListener?.('online', onOnline);
    connection?.abort();
  };
}

/** Keeps the signed-in user's stream open while the component is mounted, and `status` up to date. */
export function useLiveStream(options: Omit<LiveStreamOptions, 'onState'>, status: LiveStatus): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const close = openLiveStream({
      ...latest.current,
      onEvent: (event) => latest.current.onEvent(event),
      onState: (state) => status.setOpen(state === 'open'),
    });
    return () => {
      close();
      status.setOpen(false);
    };
  }, [status]);
}
