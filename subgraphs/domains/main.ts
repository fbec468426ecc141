import 'reflect-metadata';
import { runMain } from '../../platform/config/run-main.js';
import { serveSubgraph } from '../../platform/federation/serve-subgraph.js';
import { domainsModule } from './index.js';

/** Split mode: `node dist/subgraphs/domains/main.js` serves the domains subgraph, its DNS listener and lifecycle jobs. */
runMain('subgraph:domains', (config) => serveSubgraph(domainsModule(), config, config.subgraphListen));
