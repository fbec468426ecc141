import { Migration } from '@mikro-orm/migrations';

/**
 * Per-domain DKIM keys as platform data (platform/mail/dkim-keys.ts): every process reads them, so the record the
 * domains and mailboxes modules publish is the key the email module signs with, in whichever process each runs. The
 * email module's migration that follows moves its email.dkim_keys rows here.
 */
export class Migration20261126010000_platform_dkim_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform.dkim_keys (
      organization_id uuid not null references platform.organizations(id),
      domain text not null,
      selector text not null,
      private_key_sealed text not null,
      public_key text not null,
      created_at timestamptz not null,
      primary key (organization_id, domain))`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table platform.dkim_keys');
  }
}
