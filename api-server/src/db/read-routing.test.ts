import { describe, expect, it } from 'vitest';
import { createProcessCoordination } from '../lib/coordination.ts';
import type { Database, Db } from './client.ts';
import { createReadRouting } from './read-routing.ts';

/** Stand-ins that say which server a read would go to. */
const server = (name: string) => ({ select: () => name, transaction: () => name }) as unknown as Db;
const primary = server('primary');
const replica = server('replica');

function routingWith(fresh: Db | undefined) {
  const coordination = createProcessCoordination();
  const database: Pick<Database, 'db' | 'replicas' | 'replicaMaxLagMs'> = {
    db: primary,
    replicas: { pick: () => fresh, state: () => [], close: async () => undefined },
    replicaMaxLagMs: 1000,
  };
  return { routing: createReadRouting(database, coordination), coordination };
}
const readFrom = (db: Db) => (db.select as unknown as () => string)();

describe('read routing', () => {
  it('sends a read to the replica only inside a request that allows it', () => {
    const { routing } = routingWith(replica);
    expect(readFrom(routing.db)).toBe('primary');
    expect(
      routing.within(
        () => true,
        () => readFrom(routing.db),
      ),
    ).toBe('replica');
    expect(
      routing.within(
        () => false,
        () => readFrom(routing.db),
      ),
    ).toBe('primary');
  });

  it('reads the primary when no replica is fresh', () => {
    const { routing } = routingWith(undefined);
    expect(
      routing.within(
        () => true,
        () => readFrom(routing.db),
      ),
    ).toBe('primary');
  });

  it('remembers a writer for the window', async () => {
    const { routing, coordination } = routingWith(replica);
    expect(routing.wroteRecently('ana')).toBe(false);
    await coordination.invalidate('writes', 'ana');
    expect(routing.wroteRecently('ana')).toBe(true);
    expect(routing.wroteRecently('ben')).toBe(false);
    expect(routing.wroteRecently(undefined)).toBe(false);
  });

  it('fills a cache entry a write just cleared from the primary, and others from the replica', async () => {
    const { routing, coordination } = routingWith(replica);
    const fill = (questId?: string) =>
      routing.within(
        () => true,
        () => routing.fillShared(async () => readFrom(routing.db), questId),
      );
    await coordination.invalidate('quest', 'q1');
    expect(await fill('q1')).toBe('primary');
    expect(await fill('q2')).toBe('replica');
    expect(await fill()).toBe('replica');
    await coordination.invalidate('catalogue', '*');
    expect(await fill()).toBe('primary');
    expect(await fill('q2')).toBe('primary');
  });

  it('refuses a transaction on reads a replica may answer', () => {
    const { routing } = routingWith(replica);
    expect(() => routing.db.transaction).toThrow(/never open a transaction/);
  });
});
