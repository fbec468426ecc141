import { Migration } from '@mikro-orm/migrations';

/**
 * Every inbox email so far, copied into the platform's one inbound namespace. Where an agent mailbox already has the
 * same address, the older of the two keeps it, whichever module migrates first.
 */
export class Migration20261128110100_support_inbound_addresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into platform.inbound_addresses (address, organization_id, module, resource_id, created_at)
      select lower(email), organization_id, 'support', id, created_at from support.inboxes where email is not null
      on conflict (address) do update set organization_id = excluded.organization_id, module = excluded.module,
        resource_id = excluded.resource_id, created_at = excluded.created_at
      where excluded.created_at < platform.inbound_addresses.created_at`);
  }
}
