import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { domainsModule } from './index.js';

/** Split mode: `node dist/subgraphs/domains/main.js` serves the domains subgraph, its DNS listener and lifecycle jobs. */
runMain('subgraph:domains', loadConfig, (config) =>
  serveSubgraph(domainsModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
