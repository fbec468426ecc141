import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { allModules } from '../../gateway/modules.js';
import { composeSupergraph } from '../../schema/compose-supergraph.js';
import { openApiDocument } from '../../schema/openapi/openapi-document.js';
import { openApiTypes } from '../../schema/openapi/openapi-types.js';

describe('committed schema', () => {
  const modules = allModules();
  let composed: Awaited<ReturnType<typeof composeSupergraph>>;

  beforeAll(async () => {
    composed = await composeSupergraph(modules);
  });
  afterAll(async () => {
    for (const module of modules) await module.close?.();
  });

  it('should compose every module (none missing)', () => {
    expect([...composed.subgraphs.keys()]).toEqual(modules.map((m) => m.name));
    for (const module of modules) expect(composed.supergraph).toContain(`@join__graph(name: "${module.name}"`);
  });

  it('should match schema/<module>.graphql for every module (run `npm run compose` when this fails)', () => {
    for (const [name, sdl] of composed.subgraphs) {
      const file = join(projectRoot(), 'schema', `${name}.graphql`);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(sdl);
    }
  });

  it('should match schema/supergraph.graphql (run `npm run compose` when this fails)', () => {
    expect(readFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), 'utf8')).toBe(composed.supergraph);
  });

  it('should match schema/openapi.json (run `npm run compose` when this fails)', () => {
    expect(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')).toBe(openApiDocument(composed.api));
  });

  it('should match sdk/src/openapi.generated.ts, the openapi-typescript types of the document (run `npm run compose` when this fails)', async () => {
    const document = readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8');
    expect(readFileSync(join(projectRoot(), 'sdk', 'src', 'openapi.generated.ts'), 'utf8')).toBe(
      await openApiTypes(document),
    );
  });

  it('should keep Subscription out of the supergraph (the gateway cannot execute it)', () => {
    expect(composed.supergraph).not.toMatch(/type Subscription\b/);
  });
});
