import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { webhooksModule } from './index.js';

/**
 * Split mode: `node dist/subgraphs/webhooks/main.js` serves the webhooks subgraph and drains the events outbox (the
 * dispatcher, its first-attempt lane, retries); run several for more throughput, they share the outbox safely.
 */
runMain('subgraph:webhooks', loadConfig, (config) =>
  serveSubgraph(webhooksModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
