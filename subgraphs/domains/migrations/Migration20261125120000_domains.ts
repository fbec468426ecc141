import { Migration } from '@mikro-orm/migrations';

export class Migration20261125120000_domains extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists domains');
    this.addSql(`create table domains.domains (
      id text primary key,
      organization_id uuid not null,
      domain_name text not null,
      unicode_name text not null,
      tld text not null,
      status text not null,
      registered_at timestamptz not null,
      expires_at timestamptz not null,
      auto_renew boolean not null,
      whois_privacy boolean not null,
      registrar_lock boolean not null,
      nameservers jsonb not null,
      contacts jsonb not null,
      dnssec_enabled boolean not null default false,
      soa_serial bigint not null default 1,
      expiry_notice_for timestamptz,
      email_dkim jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    // A name is held once on the whole platform: two organizations racing for it meet this index.
    this.addSql(
      `create unique index domains_name_held_idx on domains.domains (domain_name) where status <> 'TRANSFERRED_OUT'`,
    );
    this.addSql('create index domains_org_idx on domains.domains (organization_id, created_at, id)');
    this.addSql(
      `create index domains_expiry_idx on domains.domains (expires_at) where status in ('ACTIVE', 'EXPIRED')`,
    );
    this.addSql(`create table domains.dns_records (
      id text primary key,
      organization_id uuid not null,
      domain_id text not null references domains.domains(id) on delete cascade,
      name text not null,
      type text not null,
      value text not null,
      ttl integer not null,
      priority integer,
      rdata_key text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql('create unique index dns_records_exact_idx on domains.dns_records (domain_id, name, type, rdata_key)');
    this.addSql(`create table domains.dnssec_keys (
      id text primary key,
      organization_id uuid not null,
      domain_id text not null references domains.domains(id) on delete cascade,
      flags integer not null,
      algorithm integer not null,
      key_tag integer not null,
      public_key text not null,
      private_key_sealed text not null,
      created_at timestamptz not null)`);
    this.addSql('create unique index dnssec_keys_role_idx on domains.dnssec_keys (domain_id, flags)');
    this.addSql(`create table domains.transfers (
      id text primary key,
      organization_id uuid not null,
      domain_name text not null,
      status text not null,
      registrant jsonb not null,
      price numeric(12,2) not null,
      completes_at timestamptz not null,
      completed_at timestamptz,
      failure_reason text,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      `create unique index transfers_one_pending_idx on domains.transfers (domain_name) where status = 'PENDING'`,
    );
    this.addSql('create index transfers_org_idx on domains.transfers (organization_id, created_at)');
    // The embedded sandbox registrar's own registry (not tenant data: the registrar's view of every name it holds).
    this.addSql(`create table domains.sandbox_registry (
      domain_name text primary key,
      organization_id uuid not null,
      expires_at timestamptz not null,
      auth_code text not null,
      locked boolean not null,
      nameservers jsonb not null,
      contacts jsonb,
      updated_at timestamptz not null)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop schema if exists domains cascade');
  }
}
