import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { authModule } from './index.js';

/** Split mode: `node dist/subgraphs/auth/main.js` serves the auth subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:auth', (config) => serveSubgraph(authModule(), config, config.subgraphListen));
