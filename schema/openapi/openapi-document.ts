import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { projectRoot } from '../../platform/config/project-root.js';
import { loadOperations } from '../../rest-bridge/operations.js';
import { ALL_ROUTES } from '../../rest-bridge/routes/index.js';
import { buildOpenApi } from './build-openapi.js';

/** schema/openapi.json's text for this API schema, with the package version (stable output: the drift test compares it). */
export function openApiDocument(api: GraphQLSchema): string {
  const { version } = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string };
  return `${JSON.stringify(buildOpenApi(api, ALL_ROUTES, loadOperations(), version), null, 2)}\n`;
}
