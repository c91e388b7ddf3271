import pg from 'pg';

/**
 * A node-postgres client that sends every statement unnamed. Behind a transaction pooler the next transaction
 * may run on another server connection, where a named statement prepared earlier is missing (or, prepared there
 * by another client, already exists); Debian's PgBouncer 1.18 does not track them (docs/ops/database.md).
 */
export class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config && (config as { name?: string }).name) {
      args[0] = { ...(config as object), name: undefined };
    }
    return (super.query as (...given: unknown[]) => never)(...args);
  }
}

export const PREPARED = Symbol('prepared queries');

/** Gives a database object its own store of prepared queries (see `prepared` in client.ts). */
export function withPreparedStore<T extends object>(db: T): T {
  return Object.assign(db, { [PREPARED]: new Map<string, unknown>() });
}
