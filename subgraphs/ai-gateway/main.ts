import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { aiGatewayModule } from './index.js';

/**
 * Split mode: `node dist/subgraphs/ai-gateway/main.js` serves the management subgraph (keys, credentials, routes,
 * dashboards). Chat completions stay on the gateway process's public port.
 */
runMain('subgraph:ai-gateway', loadConfig, (config) =>
  serveSubgraph(aiGatewayModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
