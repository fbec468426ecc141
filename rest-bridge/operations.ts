import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type OperationDefinitionNode } from 'graphql';
import { projectRoot } from '../platform/config/project-root.js';

/** A named operation the bridge sends; the fixed text keeps the gateway's plan cache warm. */
export interface Operation {
  name: string;
  query: string;
}

/** Reads every `.graphql` file under rest-bridge/operations, one named operation per file. */
export function loadOperations(dir = join(projectRoot(), 'rest-bridge', 'operations')): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.graphql')) {
        const query = readFileSync(path, 'utf8');
        const definitions = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
        if (definitions.length !== 1 || !definitions[0]!.name) throw new Error(`${path} must hold exactly one named operation`);
        const name = definitions[0]!.name.value;
        if (operations.has(name)) throw new Error(`Operation ${name} is defined twice`);
        operations.set(name, { name, query });
      }
    }
  };
  walk(dir);
  return operations;
}
