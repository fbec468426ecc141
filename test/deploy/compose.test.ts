import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { projectRoot } from '../../platform/config/project-root.js';
import { allModules } from '../../gateway/modules.js';
import { entryOf } from '../gateway/helpers/split-topology.js';

const root = projectRoot();

/**
 * The vendored Compose Specification schema for ajv 8: its draft-04 style `id` strings (ajv 8 knows only `$id`) and
 * its `$schema` (2019-09, whose keywords it uses only as draft-07 has them) are dropped; the structure is unchanged.
 */
function composeSchema(): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return strip(
    JSON.parse(readFileSync(join(root, 'test', 'deploy', 'compose-spec', 'compose-spec.json'), 'utf8')),
  ) as Record<string, unknown>;
}
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; image?: string; environment?: Record<string, string> }>;
};
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

/**
 * Docker cannot run here: the deployment files are checked instead. compose.yaml against the Compose Specification's
 * JSON schema (vendored, test/deploy/compose-spec), and the image's commands against the ones the split topology
 * test (test/gateway/split-topology.test.ts) starts.
 */
describe('compose.yaml and Dockerfile', () => {
  it('should be a valid Compose file', () => {
    const schema = composeSchema();
    // The schema's own formats (duration, ports, expose) are Compose's; the structure is what is checked here.
    const ajv = new Ajv({ validateFormats: false, strict: false, allErrors: true });
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('should refuse what the schema refuses (the check can fail)', () => {
    const schema = composeSchema();
    const ajv = new Ajv({ validateFormats: false, strict: false });
    expect(ajv.validate(schema, { services: { gateway: { image: 'platform', commnd: ['node'] } } })).toBe(false);
  });

  it('should run every module in its own service, with the commands the split test runs', () => {
    const commands = Object.values(compose.services)
      .map((s) => s.command?.join(' '))
      .filter((c): c is string => !!c);
    for (const module of allModules()) {
      const command = `node ${entryOf(module.name)}`;
      expect(commands).toContain(command);
      expect(existsSync(join(root, entryOf(module.name)))).toBe(true);
    }
    expect(commands.filter((c) => c === `node ${entryOf('gateway')}`)).toHaveLength(2);
    // Every gateway knows where every module runs; all processes share the secret that signs their hops.
    const urls = compose.services['gateway-a']!.environment!.SUBGRAPH_URLS!;
    for (const module of allModules()) expect(urls).toContain(`${module.name}=http://${module.name}:4001/graphql`);
    for (const service of ['gateway-a', 'gateway-b', 'email', 'webhooks'])
      expect(compose.services[service]!.environment!.INTERNAL_SECRET).toBeDefined();
    for (const store of ['postgres', 'redis']) expect(compose.services[store]).toBeDefined();
    // Jobs live in PostgreSQL beside the data (the store the split test runs), so a change and its jobs commit together.
    expect(compose.services.email!.environment!.AGENDA_MONGO_URL).toBeUndefined();
    // Every process's pools fit PostgreSQL's connections: ORM pool + job store (5) + listeners (2), per process.
    const processes = Object.values(compose.services).filter((s) => s.command?.[0] === 'node').length;
    const poolMax = Number(compose.services.email!.environment!.DATABASE_POOL_MAX);
    const maxConnections = Number(
      /max_connections=(\d+)/.exec((compose.services.postgres!.command ?? []).join(' '))?.[1],
    );
    expect(processes * (poolMax + 5 + 2)).toBeLessThan(maxConnections);
  });

  it('should build in stages and run as a non-root user with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).toContain(`CMD ["node", "${entryOf('gateway')}"]`);
  });
});
