import type { ModuleData } from '../orm/create-orm.js';
import { Organization } from '../organizations/organization.entity.js';
import { ApiKey } from '../organizations/api-key.entity.js';
import { Migration20261122000000_platform } from './Migration20261122000000_platform.js';

/** The platform's own tables: organizations, keys, usage, outbox, jobs. */
export const platformData: ModuleData = {
  entities: [Organization, ApiKey],
  migrations: [{ name: 'Migration20261122000000_platform', class: Migration20261122000000_platform }],
};
