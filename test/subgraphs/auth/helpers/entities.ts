import { graphql } from 'graphql';
import { forkForTenant } from '../../../../platform/orm/tenancy.js';
import { authModule } from '../../../../subgraphs/auth/index.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';

/** Runs an `_entities` query on the auth subgraph schema as the gateway would, in the key's organization. */
export async function executeEntities(
  t: TestPlatform,
  key: string,
  query: string,
  representations: unknown[],
): Promise<unknown[]> {
  const auth = await t.platform.apiKeys.authenticate(key);
  if (!auth) throw new Error('unknown key');
  const schema = await authModule().buildSchema(t.platform.deps);
  const em = forkForTenant(t.platform.orm.em, auth.organizationId);
  const res = await graphql({
    schema,
    source: query,
    variableValues: { r: representations },
    contextValue: { requestId: 'test', auth, em, loaders: new Map() },
  });
  if (res.errors) throw res.errors[0];
  return (res.data as { _entities: unknown[] })._entities;
}
