import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { crmModule } from './index.js';

/** Split mode: `node dist/subgraphs/crm/main.js` serves the CRM subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:crm', loadConfig, (config) =>
  serveSubgraph(crmModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
