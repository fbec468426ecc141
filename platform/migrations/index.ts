import type { ModuleData } from '../orm/create-orm.js';
import { Organization } from '../organizations/organization.entity.js';
import { ApiKey } from '../organizations/api-key.entity.js';
import { Migration20261122000000_platform } from './Migration20261122000000_platform.js';
import { Migration20261126010000_platform_dkim_keys } from './Migration20261126010000_platform_dkim_keys.js';
import { Migration20261126010100_platform_webhook_resources } from './Migration20261126010100_platform_webhook_resources.js';
import { Migration20261128110000_platform_inbound_addresses } from './Migration20261128110000_platform_inbound_addresses.js';
import { Migration20261201230000_platform_fair_jobs } from './Migration20261201230000_platform_fair_jobs.js';

/** The platform's own tables: organizations, keys, usage, outbox, jobs, DKIM keys, webhook resources, inbound addresses. */
export const platformData: ModuleData = {
  entities: [Organization, ApiKey],
  migrations: [
    { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
    { name: 'Migration20261126010000_platform_dkim_keys', class: Migration20261126010000_platform_dkim_keys },
    {
      name: 'Migration20261126010100_platform_webhook_resources',
      class: Migration20261126010100_platform_webhook_resources,
    },
    {
      name: 'Migration20261128110000_platform_inbound_addresses',
      class: Migration20261128110000_platform_inbound_addresses,
    },
    { name: 'Migration20261201230000_platform_fair_jobs', class: Migration20261201230000_platform_fair_jobs },
  ],
};
