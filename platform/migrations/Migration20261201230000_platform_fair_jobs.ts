import { Migration } from '@mikro-orm/migrations';

/**
 * The index the fair job selection walks (platform/jobs/fair-selection.ts): due, unlocked jobs of a lane by
 * organization, oldest first, so finding every organization with a due job costs one probe per organization.
 */
export class Migration20261201230000_platform_fair_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index if not exists agenda_jobs_fair_idx on agenda_jobs (name, (coalesce(data->>'organizationId', '')), next_run_at) where locked_at is null and disabled = false`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists agenda_jobs_fair_idx');
  }
}
