import { Migration } from '@mikro-orm/migrations';

/** Every mailbox so far registered as a webhook resource (platform.webhook_resources, created by the platform's migrations). */
export class Migration20261126010100_mailboxes_webhook_resources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into platform.webhook_resources (organization_id, namespace, resource_id)
      select organization_id, 'mailboxes', id from mailboxes.mailboxes on conflict do nothing`);
  }
}
