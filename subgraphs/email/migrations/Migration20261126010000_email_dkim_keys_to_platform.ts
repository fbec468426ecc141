import { Migration } from '@mikro-orm/migrations';

/**
 * DKIM keys became platform data (platform.dkim_keys, created by the platform's migrations, which run first): this
 * module's keys move there unchanged (still sealed, bound to organization and domain), so published records stay valid.
 */
export class Migration20261126010000_email_dkim_keys_to_platform extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`insert into platform.dkim_keys (organization_id, domain, selector, private_key_sealed, public_key, created_at)
      select organization_id, domain, selector, private_key_sealed, public_key, created_at from email.dkim_keys
      on conflict (organization_id, domain) do nothing`);
    this.addSql('drop table email.dkim_keys');
  }
}
