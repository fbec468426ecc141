import { Migration } from '@mikro-orm/migrations';

/** Event types a booking page may show: a public one is addressed by organization slug + its slug. */
export class Migration20261201230000_calendar_public_event_types extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table calendar.event_types add column if not exists public boolean not null default false');
    // The page address drops the host, so a public slug is unique in the whole organization.
    this.addSql(
      'create unique index if not exists event_types_public_slug_idx on calendar.event_types (organization_id, slug) where public and deleted_at is null',
    );
  }
}
