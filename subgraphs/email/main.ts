import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { emailModule } from './index.js';

/** Split mode: `node dist/subgraphs/email/main.js` serves the email subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:email', (config) => serveSubgraph(emailModule(), config, config.subgraphListen));
