import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config/project-root.js';
import { allModules } from '../gateway/modules.js';
import { composeSupergraph } from './compose-supergraph.js';
import { openApiDocument } from './openapi/openapi-document.js';
import { openApiTypes } from './openapi/openapi-types.js';

/** `npm run compose`: writes schema/<module>.graphql, schema/supergraph.graphql, schema/openapi.json and its types sdk/src/openapi.generated.ts (the SDK package ships them). */
const modules = allModules();
const { subgraphs, supergraph, api } = await composeSupergraph(modules);
for (const [name, sdl] of subgraphs) writeFileSync(join(projectRoot(), 'schema', `${name}.graphql`), sdl);
writeFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), supergraph);
const document = openApiDocument(api);
writeFileSync(join(projectRoot(), 'schema', 'openapi.json'), document);
writeFileSync(join(projectRoot(), 'sdk', 'src', 'openapi.generated.ts'), await openApiTypes(document));
for (const module of modules) await module.close?.();
process.stdout.write(
  `composed ${subgraphs.size} subgraphs into schema/supergraph.graphql; wrote schema/openapi.json and sdk/src/openapi.generated.ts\n`,
);
