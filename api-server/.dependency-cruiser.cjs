/**
 * The API's module boundaries (docs/dev/architecture.md#the-rules-and-what-enforces-them): each domain in src/modules is reached by other code only
 * through its index.ts, domains form no cycle, and the shared layers (lib, db, plugins) do not reach into domains.
 * Run by `npm run check:modules`, part of `npm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'server-without-the-browser-runtime',
      comment:
        'The server takes the contract (@cityquest/contract) and nothing of the SPAs: no React, TanStack, openapi-fetch or web client.',
      severity: 'error',
      from: {},
      to: {
        path: '(^|/)node_modules/(react|react-dom|@tanstack/[^/]+|openapi-fetch|@microsoft/fetch-event-source)/|(^|/)web-client/|^@cityquest/web-client',
      },
    },
    {
      name: 'domains-through-their-index',
      comment: "Another domain's files are its own: import what it offers from its index.ts.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: '^src/modules/[^/]+/tables/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'tables-are-definitions',
      comment:
        "A domain's tables (modules/<domain>/tables/<domain>.tables.ts) are definitions only: they import drizzle, the " +
        "contract's types, the shared column helpers (db/columns.ts) and, for a foreign key, another domain's tables. " +
        'So a key from one table to another is not a dependency between the domains, and the tables folders are left ' +
        'out of no-domain-cycle.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/tables/' },
      to: {
        pathNot: [
          '(^|/)node_modules/drizzle-orm/',
          '^@cityquest/contract$',
          '(^|/)contract/src/',
          '^src/db/columns\\.ts$',
          '^src/modules/[^/]+/tables/[^/]+\\.tables\\.ts$',
        ],
      },
    },
    {
      name: 'outside-through-the-index',
      comment: 'The app, the seed and the shared layers reach a domain only through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', '^src/db/schema\\.ts$'] },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'schema-assembles-tables',
      comment:
        "db/schema.ts assembles every domain's tables and their relations for drizzle's client (relational queries); " +
        'it reaches into a domain for its tables file and nothing else.',
      severity: 'error',
      from: { path: '^src/db/schema\\.ts$' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/tables/[^/]+\\.tables\\.ts$' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Services call repositories, never SQL (immich: only repositories touch the database). Inside a domain only ' +
        'its repository files (*-repository.ts, and the *-batch.ts loaders that batch reads for a page) import ' +
        'drizzle or a tables file. The insights domain is a read model: its dashboard, analytics and action log ' +
        "count over (and name) many domains' rows in a few statements, so it may read their tables directly.",
      severity: 'error',
      from: {
        path: '^src/modules/',
        pathNot: [
          '^src/modules/[^/]+/[^/]+-(repository|batch)\\.ts$',
          '^src/modules/[^/]+/tables/',
          '^src/modules/insights/',
        ],
      },
      to: {
        path: [
          '(^|/)node_modules/drizzle-orm/',
          '^src/modules/[^/]+/tables/',
          '^src/db/(schema|platform\\.tables)\\.ts$',
        ],
        // Types carry no SQL: a service may name the column types its domain's rows have.
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'tables-owned-by-their-domain',
      comment:
        "Each domain's tables are its own (issue 44): another domain never takes them, neither directly (see " +
        'domains-through-their-index) nor through db/schema.ts, which only the database openers (db/client.ts, ' +
        'db/replicas.ts) and the seed take (the seed ' +
        'writes every table; tests are not cruised, they read rows to check them). A domain that needs accounts for ' +
        "a join gets a read helper from users' index (joinableUsers, a lookup), never the table. Types carry no SQL.",
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [
          '^src/db/client\\.ts$',
          '^src/db/replicas\\.ts$',
          '^src/seed/',
          // The read model: the dashboard, analytics and action log count over (and name) many domains' rows.
          '^src/modules/insights/',
          // The read model: the dashboard's lists filter and count quests by explorers' records in one statement.
          '^src/modules/dashboard/dashboard-repository\\.ts$',
        ],
      },
      to: { path: '^src/db/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-domain-cycle',
      comment:
        'Domains depend one way: a cycle between two domain folders means one reaches back into the other. The ' +
        'tables folders are left out: they hold definitions whose foreign keys may point either way ' +
        '(tables-are-definitions), and db/schema.ts assembles them all.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/tables' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/tables', circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-layers-below-domains',
      comment:
        'lib and db are used by every domain and use none (types excepted: they carry no code). db/schema.ts, which ' +
        "assembles the domains' tables, is the one exception (schema-assembles-tables).",
      severity: 'error',
      from: { path: '^src/(lib|db)/', pathNot: '^src/db/schema\\.ts$' },
      to: { path: '^src/(modules|plugins|seed)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers may reach into the module they test.
    exclude: { path: ['\\.test\\.ts$', '^test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
