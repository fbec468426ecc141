import type { ModuleData } from '../orm/create-orm.js';
import { Migration20261123000000_platform_settings } from './migrations/Migration20261123000000_platform_settings.js';

/** The platform.settings table (no entity: read and written by SQL with bound parameters). */
export const settingsData: ModuleData = {
  entities: [],
  migrations: [{ name: 'Migration20261123000000_platform_settings', class: Migration20261123000000_platform_settings }],
};
