/**
 * The API's module boundaries (README, Architecture): each domain in src/modules is reached by other code only
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
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-the-index',
      comment: 'The app, the seed and the shared layers reach a domain only through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-domain-cycle',
      comment:
        'Domains depend one way: a cycle between two domain folders means one reaches back into the other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/' },
      to: { path: '^src/modules/', circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-layers-below-domains',
      comment: 'lib and db are used by every domain and use none (types excepted: they carry no code).',
      severity: 'error',
      from: { path: '^src/(lib|db)/' },
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
