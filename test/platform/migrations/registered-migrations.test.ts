import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/config/project-root.js';
import { platformData } from '../../../platform/migrations/index.js';
import { settingsData } from '../../../platform/crypto/settings-data.js';
import type { ModuleData } from '../../../platform/orm/create-orm.js';
import { allModules } from '../../../gateway/modules.js';

/** The migration files of a source folder, by class name. */
function migrationFiles(folder: string): string[] {
  return readdirSync(join(projectRoot(), folder))
    .filter((f) => /^Migration\d+_.+\.ts$/.test(f))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

/**
 * A migration written but not listed in its module's data never runs. On a fresh database that may go unseen (a data
 * migration finds nothing to move) while every upgraded database misses it.
 */
describe('migrations: every migration file is registered with its module, in file order', () => {
  const owners: [string, ModuleData][] = [
    ['platform/migrations', platformData],
    ['platform/crypto/migrations', settingsData],
    ...allModules().map((m): [string, ModuleData] => [`subgraphs/${m.name}/migrations`, m.data]),
  ];

  it.each(owners)('%s', (folder, data) => {
    expect(data.migrations.map((m) => (m as { name: string }).name)).toEqual(migrationFiles(folder));
  });
});
