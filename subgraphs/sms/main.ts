import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { smsModule } from './index.js';

/** Split mode: `node dist/subgraphs/sms/main.js` serves the SMS subgraph and runs its carrier jobs. */
runMain('subgraph:sms', (config) => serveSubgraph(smsModule(), config, config.subgraphListen));
