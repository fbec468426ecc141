import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { nameOperations, renderOperations, type OpenApiDocument } from './operation-names.js';

/** `node dist/sdk/scripts/generate-operations.js`: writes sdk/src/operations.generated.ts from schema/openapi.json. */
const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as OpenApiDocument;
const named = nameOperations(document);
writeFileSync(join(projectRoot(), 'sdk', 'src', 'operations.generated.ts'), renderOperations(named));
process.stdout.write(`named ${named.length} operations into sdk/src/operations.generated.ts\n`);
