import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  parse,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { projectRoot } from '../platform/config/project-root.js';

/** A named operation the bridge sends; the fixed text keeps the gateway's plan cache warm. */
export interface Operation {
  name: string;
  query: string;
}

/**
 * Reads every `.graphql` file under rest-bridge/operations, one named operation per file. Files holding only
 * fragments (e.g. `support/fragments.graphql`) are shared: each operation gets the fragments it spreads appended.
 */
export function loadOperations(dir = join(projectRoot(), 'rest-bridge', 'operations')): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const documents: { path: string; query: string; document: DocumentNode }[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.graphql')) {
        const query = readFileSync(path, 'utf8');
        const document = parse(query);
        if (document.definitions.every((d) => d.kind === 'FragmentDefinition')) {
          for (const d of document.definitions as FragmentDefinitionNode[]) {
            if (fragments.has(d.name.value)) throw new Error(`Fragment ${d.name.value} is defined twice`);
            fragments.set(d.name.value, d);
          }
        } else documents.push({ path, query, document });
      }
    }
  };
  walk(dir);
  for (const { path, query, document } of documents) {
    const definitions = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
    );
    if (definitions.length !== 1 || !definitions[0]!.name)
      throw new Error(`${path} must hold exactly one named operation`);
    const name = definitions[0]!.name.value;
    if (operations.has(name)) throw new Error(`Operation ${name} is defined twice`);
    operations.set(name, { name, query: withSharedFragments(query, document, fragments) });
  }
  return operations;
}

/** The operation's text followed by the shared fragments it spreads (transitively) and does not define itself. */
function withSharedFragments(
  query: string,
  document: DocumentNode,
  shared: Map<string, FragmentDefinitionNode>,
): string {
  const own = new Set(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition')
      .map((d) => d.name.value),
  );
  const needed = new Map<string, FragmentDefinitionNode>();
  const collect = (node: DocumentNode | FragmentDefinitionNode) => {
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (own.has(name) || needed.has(name)) return;
        const fragment = shared.get(name);
        if (!fragment) return; // graphql validation reports the unknown fragment
        needed.set(name, fragment);
        collect(fragment);
      },
    });
  };
  collect(document);
  return needed.size === 0
    ? query
    : `${query.trimEnd()}\n\n${[...needed.values()].map((f) => print(f)).join('\n\n')}\n`;
}
