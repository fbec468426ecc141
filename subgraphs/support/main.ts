import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { supportModule } from './index.js';

/** Split mode: `node dist/subgraphs/support/main.js` serves the support subgraph and its inbound SMTP listener (SMTP_INBOUND_PORT). */
runMain('subgraph:support', loadConfig, (config) =>
  serveSubgraph(supportModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
