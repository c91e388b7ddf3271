import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { LIVE_CHANNEL, type LiveEvent, type Signal } from './live-event-signal.ts';

/** An event as a stream sends it: `id` lets a client that reconnects ask for what it missed. */
export type StreamedEvent = { id: string; event: LiveEvent };

export type Listener = {
  userId: string;
  /** The session the stream was opened with: it ends with it. */
  sessionId: string;
  moderator: boolean;
  send(streamed: StreamedEvent): void;
  /** Ends the stream (the instance is closing). */
  end(): void;
};

/**
 * The events this instance has heard, fanned out to its open streams. The last `REPLAY_SIZE` are kept so that a
 * client reconnecting with Last-Event-ID is sent what it missed; ids name this instance's start, so an id from
 * another instance (or before a restart), or one older than what is kept, gets a `resync` instead
 * (docs/product-rules/offline-play.md#live-updates).
 */
export type LiveEvents = {
  /**
   * Starts listening on the database, once: the first stream waits for it, so an instance that serves no stream
   * holds no listening connection.
   */
  ready(): Promise<void>;
  /** Adds a stream (after `ready`); answers the events it missed since `lastEventId` (or one resync), and a way to remove it. */
  attach(listener: Listener, lastEventId: string | undefined): { missed: StreamedEvent[]; detach(): void };
  /** Open streams on this instance. */
  size(): number;
  /** This instance's open streams of one account. */
  streamsOf(userId: string): Listener[];
  /**
   * Tells `watcher` of every event this instance hears (whom it is for: an account, or null for the moderators)
   * and of every gap in listening, when events may have been missed. Heard only after `ready`.
   */
  watch(watcher: EventWatcher): void;
  close(): Promise<void>;
};

export type EventWatcher = { heard(userId: string | null): void; missed(): void };

const REPLAY_SIZE = 1000;

type Kept = StreamedEvent & { userId: string | null };

const reaches = (kept: { userId: string | null }, listener: Listener) =>
  kept.userId === null ? listener.moderator : kept.userId === listener.userId;

export function createLiveEvents(deps: { database: Database; log: FastifyBaseLogger }): LiveEvents {
  const instance = randomUUID().slice(0, 8);
  const listeners = new Set<Listener>();
  const kept: Kept[] = [];
  const watchers: EventWatcher[] = [];
  let sequence = 0;
  const resync = (): StreamedEvent => ({ id: `${instance}.${sequence}`, event: { type: 'resync' } });

  const hear = (payload: string) => {
    let signal: Signal;
    try {
      signal = JSON.parse(payload) as Signal;
    } catch {
      deps.log.warn('live events: a signal that is not JSON was ignored');
      return;
    }
    for (const watcher of watchers) watcher.heard(signal.u);
    sequence += 1;
    const entry: Kept = { id: `${instance}.${sequence}`, event: signal.e, userId: signal.u };
    kept.push(entry);
    if (kept.length > REPLAY_SIZE) kept.shift();
    for (const listener of listeners) if (reaches(entry, listener)) listener.send(entry);
  };
  // Signals sent while the listening connection was down are lost: every stream is told to fetch afresh.
  const onGap = () => {
    deps.log.warn('live events: the listening connection was opened again; streams resync');
    for (const watcher of watchers) watcher.missed();
    const event = resync();
    for (const listener of listeners) listener.send(event);
  };
  let listening: Promise<() => Promise<void>> | undefined;
  const ready = async () => {
    listening ??= deps.database.listen(LIVE_CHANNEL, hear, onGap).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    await listening;
  };

  function missedSince(listener: Listener, lastEventId: string | undefined): StreamedEvent[] {
    if (lastEventId === undefined) return [];
    const [from, seen] = lastEventId.split('.');
    const seenSequence = Number(seen);
    const oldest = kept[0] ? Number(kept[0].id.split('.')[1]) : sequence + 1;
    const known =
      from === instance &&
      Number.isInteger(seenSequence) &&
      seenSequence <= sequence &&
      seenSequence >= oldest - 1;
    if (!known) return [resync()];
    return kept
      .filter((entry) => Number(entry.id.split('.')[1]) > seenSequence && reaches(entry, listener))
      .map(({ id, event }) => ({ id, event }));
  }

  return {
    ready,
    attach(listener, lastEventId) {
      const missed = missedSince(listener, lastEventId);
      listeners.add(listener);
      return { missed, detach: () => listeners.delete(listener) };
    },
    size: () => listeners.size,
    streamsOf: (userId) => [...listeners].filter((listener) => listener.userId === userId),
    watch: (watcher) => void watchers.push(watcher),
    async close() {
      for (const listener of listeners) listener.end();
      listeners.clear();
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}
