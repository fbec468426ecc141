import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
// A process's composition root: every module's manifest (data only), so this process knows their scopes and events.
import { loadConfig, moduleCatalog } from '../../gateway/module-manifests.js';
import { smsModule } from './index.js';

/** Split mode: `node dist/subgraphs/sms/main.js` serves the SMS subgraph and runs its carrier jobs. */
runMain('subgraph:sms', loadConfig, (config) =>
  serveSubgraph(smsModule(), config, { ...config.subgraphListen, catalog: moduleCatalog() }),
);
