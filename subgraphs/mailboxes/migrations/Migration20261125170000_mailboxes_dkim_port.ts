import { Migration } from '@mikro-orm/migrations';

/** DKIM keys moved to the email module's DKIM-key port (email.dkim_keys): the domain no longer keeps a key of its own. */
export class Migration20261125170000_mailboxes_dkim_port extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table mailboxes.domains drop column dkim_selector, drop column dkim_private_key, drop column dkim_public_key',
    );
  }
}
