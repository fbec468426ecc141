import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { authModule } from './index.js';

/** Split mode: `node dist/subgraphs/auth/main.js` serves the auth subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:auth', loadConfig, (config) =>
  serveSubgraph(authModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
