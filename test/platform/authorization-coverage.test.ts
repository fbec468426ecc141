import { getMetadataStorage } from 'type-graphql';
import { allModules } from '../../gateway/modules.js';
import { composeSupergraph } from '../../schema/compose-supergraph.js';

/** No root field may be reachable without an explicit authorization rule: a forgotten @Authorized would open it to any key. */
describe('authorization coverage', () => {
  it('should have @Authorized on every Query and Mutation field of every module', async () => {
    const modules = allModules();
    await composeSupergraph(modules); // imports and registers every resolver
    for (const module of modules) await module.close?.();
    const storage = getMetadataStorage() as unknown as {
      queries: { target: { name: string }; methodName: string; schemaName: string }[];
      mutations: { target: { name: string }; methodName: string; schemaName: string }[];
      authorizedFields: { target: { name: string }; fieldName: string }[];
    };
    const authorized = new Set(storage.authorizedFields.map((f) => `${f.target.name}.${f.fieldName}`));
    const roots = [...storage.queries, ...storage.mutations];
    expect(roots.length).toBeGreaterThan(10);
    const open = roots
      .filter((r) => !authorized.has(`${r.target.name}.${r.methodName}`))
      .map((r) => `${r.target.name}.${r.methodName} (${r.schemaName})`);
    expect(open).toEqual([]);
  });
});
