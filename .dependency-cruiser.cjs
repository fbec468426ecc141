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
      comment:
        'The gateway reaches a module through its index.ts, and its manifest (data only) through <module>-manifest.ts.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^subgraphs/', pathNot: '^subgraphs/([^/]+)/(index|\\1-manifest)\\.ts$' },
    },
    {
      name: 'schema-is-a-build-step',
      comment:
        'schema/ composes the supergraph and writes the OpenAPI document; only the gateway runs it, nothing below imports it.',
      severity: 'error',
      from: { path: '^(platform|subgraphs|rest-bridge)/' },
      to: { path: '^schema/' },
    },
    {
      name: 'schema-reaches-modules-through-the-gateway',
      comment:
        "schema/ finds the modules through the gateway's module list, as the runner does, never one module directly.",
      severity: 'error',
      from: { path: '^schema/' },
      to: { path: '^subgraphs/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle at run time: a cycle makes the load order decide what is undefined. Type-only imports are erased, so they may meet.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
