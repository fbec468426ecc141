import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { supportModule } from './index.js';

/** Split mode: `node dist/subgraphs/support/main.js` serves the support subgraph and its inbound SMTP listener (SMTP_INBOUND_PORT). */
runMain('subgraph:support', (config) => serveSubgraph(supportModule(), config, config.subgraphListen));
