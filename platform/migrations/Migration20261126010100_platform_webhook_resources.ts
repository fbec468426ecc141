import { Migration } from '@mikro-orm/migrations';

/**
 * The resources webhooks may be narrowed to (an agent mailbox), by namespace: written by the module that owns each
 * resource in the transaction that creates or deletes it, read by the webhooks module (platform/events/webhook-resources.ts).
 */
export class Migration20261126010100_platform_webhook_resources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform.webhook_resources (
      organization_id uuid not null references platform.organizations(id),
      namespace text not null,
      resource_id text not null,
      primary key (organization_id, namespace, resource_id))`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table platform.webhook_resources');
  }
}
