import { Migration } from '@mikro-orm/migrations';

/** Process-independent platform settings, e.g. the generated encryption key when ENCRYPTION_KEY is unset. */
export class Migration20261123000000_platform_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists platform.settings (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now())`);
  }
}
