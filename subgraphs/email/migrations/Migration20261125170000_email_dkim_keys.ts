import { Migration } from '@mikro-orm/migrations';

/** Per-domain DKIM keys of the DKIM-key port (subgraphs/email/dkim): one per organization and domain. */
export class Migration20261125170000_email_dkim_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table email.dkim_keys (
      organization_id uuid not null,
      domain text not null,
      selector text not null,
      private_key_sealed text not null,
      public_key text not null,
      created_at timestamptz not null,
      primary key (organization_id, domain))`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table email.dkim_keys');
  }
}
