import { Migration } from '@mikro-orm/migrations';

/** DKIM keys moved to the email module's DKIM-key port (email.dkim_keys): the SERVICE_EMAIL preset keeps none of its own. */
export class Migration20261125170000_domains_dkim_port extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table domains.domains drop column email_dkim');
  }
}
