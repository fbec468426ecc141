import { Migration } from '@mikro-orm/migrations';

/**
 * One namespace of inbound addresses (platform/mail/inbound-addresses.ts): every address some module receives mail
 * for, with its one owner, and the domains an organization verified for receiving mail. The modules' migrations that
 * follow copy their existing addresses and domains here.
 */
export class Migration20261128110000_platform_inbound_addresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform.inbound_addresses (
      address text primary key,
      organization_id uuid not null references platform.organizations(id),
      module text not null,
      resource_id text not null,
      created_at timestamptz not null)`);
    this.addSql(
      'create index inbound_addresses_resource_idx on platform.inbound_addresses (organization_id, module, resource_id)',
    );
    this.addSql(`create table platform.verified_domains (
      domain text primary key,
      organization_id uuid not null references platform.organizations(id),
      module text not null,
      created_at timestamptz not null)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table platform.verified_domains');
    this.addSql('drop table platform.inbound_addresses');
  }
}
