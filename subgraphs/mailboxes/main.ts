import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { mailboxesModule } from './index.js';

/**
 * Split mode: `node dist/subgraphs/mailboxes/main.js` serves the mailboxes subgraph at SUBGRAPH_HOST:SUBGRAPH_PORT and
 * the inbound SMTP listener (SMTP_INBOUND_PORT) for the mailboxes' addresses.
 */
runMain('subgraph:mailboxes', loadConfig, (config) =>
  serveSubgraph(mailboxesModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
