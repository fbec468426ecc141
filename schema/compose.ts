import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config/project-root.js';
import { allModules } from '../gateway/modules.js';
import { composeSupergraph } from './compose-supergraph.js';
import { openApiDocument } from './openapi/openapi-document.js';
import { openApiTypes } from './openapi/openapi-types.js';

/** `npm run compose`: writes schema/<module>.graphql, schema/supergraph.graphql, schema/openapi.json and its types schema/openapi.d.ts. */
const modules = allModules();
const { subgraphs, supergraph, api } = await composeSupergraph(modules);
for (const [name, sdl] of subgraphs) writeFileSync(join(projectRoot(), 'schema', `${name}.graphql`), sdl);
writeFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), supergraph);
const document = openApiDocument(api);
writeFileSync(join(projectRoot(), 'schema', 'openapi.json'), document);
writeFileSync(join(projectRoot(), 'schema', 'openapi.d.ts'), await openApiTypes(document));
for (const module of modules) await module.close?.();
process.stdout.write(`composed ${subgraphs.size} subgraphs into schema/supergraph.graphql; wrote schema/openapi.json and schema/openapi.d.ts\n`);
