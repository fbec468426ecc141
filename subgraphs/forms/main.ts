import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { formsModule } from './index.js';

/** Split mode: `node dist/subgraphs/forms/main.js` serves the forms subgraph alone at SUBGRAPH_HOST:SUBGRAPH_PORT. */
runMain('subgraph:forms', (config) => serveSubgraph(formsModule(), config, config.subgraphListen));
