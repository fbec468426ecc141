import { Migration } from '@mikro-orm/migrations';

/**
 * Every mailbox address and verified custom domain so far, copied into the platform's one inbound namespace. Where a
 * support inbox already claimed the same address, the older of the two keeps it, whichever module migrates first.
 */
export class Migration20261128110100_mailboxes_inbound_addresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into platform.inbound_addresses (address, organization_id, module, resource_id, created_at)
      select lower(address), organization_id, 'mailboxes', id, created_at from mailboxes.mailboxes
      on conflict (address) do update set organization_id = excluded.organization_id, module = excluded.module,
        resource_id = excluded.resource_id, created_at = excluded.created_at
      where excluded.created_at < platform.inbound_addresses.created_at`);
    this.addSql(`insert into platform.verified_domains (domain, organization_id, module, created_at)
      select lower(domain), organization_id, 'mailboxes', coalesce(verified_at, created_at) from mailboxes.domains where status = 'verified'
      on conflict (domain) do nothing`);
  }
}
