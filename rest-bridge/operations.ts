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
    // `*.fragments.graphql` hold fragments shared by the folder's operations; each operation gets those it spreads.
    const shared = readdirSync(folder).filter((e) => e.endsWith('.fragments.graphql')).map((e) => readFileSync(join(folder, e), 'utf8')).join('\n');
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.graphql') && !entry.endsWith('.fragments.graphql')) {
        const own = readFileSync(path, 'utf8');
        const query = shared && own.includes('...') ? withFragments(own, shared) : own;
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

/** The operation followed by the shared fragments it needs, directly or through other fragments (unused ones would fail validation). */
function withFragments(operation: string, shared: string): string {
  const fragments = new Map<string, string>();
  for (const definition of parse(shared).definitions) {
    if (definition.kind === 'FragmentDefinition' && definition.loc) fragments.set(definition.name.value, shared.slice(definition.loc.start, definition.loc.end));
  }
  const needed = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/\.\.\.\s*([A-Za-z_]\w*)/g)) {
      if (name === 'on' || needed.has(name!) || !fragments.has(name!)) continue;
      needed.add(name!);
      visit(fragments.get(name!)!);
    }
  };
  visit(operation);
  return [operation, ...[...needed].map((n) => fragments.get(n)!)].join('\n');
}
