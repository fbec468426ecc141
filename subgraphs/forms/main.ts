import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { formsModule } from './index.js';

/** Split mode: `node dist/subgraphs/forms/main.js` serves the forms subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:forms', loadConfig, (config) =>
  serveSubgraph(formsModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
