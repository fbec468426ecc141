/**
 * The dependency rules, checked by `npm run lint` (so CI enforces them). Type-only imports
 * count too: a module that names another's types is coupled to it. (Only platform/config reads process.env: that
 * one is ESLint's no-restricted-properties, since it is not an import.)
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-imports-another',
      comment: 'A subgraph imports no other subgraph: it goes through federation, an event or a port in platform/.',
      severity: 'error',
      from: { path: '^subgraphs/([^/]+)/' },
      to: { path: '^subgraphs/([^/]+)/', pathNot: '^subgraphs/$1/' },
    },
    {
      name: 'no-module-imports-a-transport',
      comment: 'Subgraphs build schemas; the gateway and the REST bridge are the transports above them.',
      severity: 'error',
      from: { path: '^subgraphs/', pathNot: '^subgraphs/[^/]+/main\\.ts$' },
      to: { path: '^(gateway|rest-bridge)/' },
    },
    {
      name: 'main-imports-only-the-manifests-of-gateway',
      comment: "A module's main.ts takes from gateway/ the list of every module's manifest (data only), nothing else.",
      severity: 'error',
      from: { path: '^subgraphs/[^/]+/main\\.ts$' },
      to: { path: '^(gateway|rest-bridge)/', pathNot: '^gateway/module-manifests\\.ts$' },
    },
    {
      name: 'platform-imports-no-module-or-transport',
      comment: 'platform/ is imported by everything and imports no module, no gateway and no bridge.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^(subgraphs|gateway|rest-bridge)/' },
    },
    {
      name: 'bridge-imports-no-module',
      comment: 'The REST bridge knows GraphQL operations only.',
      severity: 'error',
      from: { path: '^rest-bridge/' },
      to: { path: '^subgraphs/' },
    },
    {
      name: 'gateway-imports-module-entry-only',
      comment: "The gateway reaches a module through its index.ts, and its manifest (data only) through <module>-manifest.ts.",
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^subgraphs/', pathNot: '^subgraphs/([^/]+)/(index|\\1-manifest)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
