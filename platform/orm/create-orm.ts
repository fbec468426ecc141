import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { TenantEntity } from './tenant-entity.js';
import { withoutSqlValues } from '../logging/sql-redaction.js';
import { tenantFilter, TenantSubscriber } from './tenancy.js';

/** What a module contributes to the database: its entity classes and its ordered migrations. */
export interface ModuleData {
  /** Entity classes, discovered by reflection (tsc emits the decorator metadata). */
  entities: (abstract new (...args: never[]) => object)[];
  /** Migrations in the order they run; names must be unique across modules. */
  migrations: MigrationObject[];
}

export interface CreateOrmOptions {
  /** PostgreSQL connection string. */
  databaseUrl: string;
  /** Every module's data in this process. */
  modules: ModuleData[];
  /** Connection pool size. */
  poolMax?: number;
  /** Log SQL. */
  debug?: boolean;
  /** Where MikroORM's own messages (migrations) go. */
  log?: (message: string) => void;
}

export async function createOrm(options: CreateOrmOptions): Promise<MikroORM> {
  const entities = options.modules.flatMap((m) => m.entities);
  const tenantEntities = entities.filter((e) => e.prototype instanceof TenantEntity).map((e) => e.name);
  const config: Options = {
    clientUrl: options.databaseUrl,
    entities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    filters: { tenant: tenantFilter(tenantEntities) },
    subscribers: [new TenantSubscriber()],
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: options.debug ?? false,
    // Query logs keep the statements, not the values bound into them.
    logger: options.log ? (message: string) => options.log!(withoutSqlValues(message, true)) : () => {},
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: options.modules.flatMap((m) => m.migrations),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
  };
  return MikroORM.init(config);
}
