import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000100_crm extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists crm');
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`create table crm.contacts (
      id bigserial primary key,
      organization_id uuid not null,
      external_id text not null,
      email text,
      name text,
      given_name text,
      family_name text,
      phone text,
      lifecycle_stage text,
      status text not null default 'ACTIVE' check (status in ('ACTIVE','ARCHIVED','DELETED','MERGED')),
      merged_into_id bigint,
      properties jsonb not null default '{}',
      module text not null default 'CRM',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_activity_at timestamptz)`);
    this.addSql('create unique index contacts_external_uq on crm.contacts (organization_id, external_id)');
    this.addSql('create index contacts_org_created_idx on crm.contacts (organization_id, created_at desc, id desc)');
    // The default listing (live contacts, newest first) and its count, served from the index alone.
    this.addSql(
      `create index contacts_live_idx on crm.contacts (organization_id, created_at desc, id desc) where status in ('ACTIVE', 'ARCHIVED')`,
    );
    this.addSql('create index contacts_org_email_idx on crm.contacts (organization_id, lower(email))');
    this.addSql('create index contacts_props_idx on crm.contacts using gin (properties jsonb_path_ops)');
    // Typeahead: trigram indexes over name, email and phone.
    this.addSql('create index contacts_name_trgm_idx on crm.contacts using gin (lower(name) gin_trgm_ops)');
    this.addSql('create index contacts_email_trgm_idx on crm.contacts using gin (lower(email) gin_trgm_ops)');
    this.addSql('create index contacts_phone_trgm_idx on crm.contacts using gin (phone gin_trgm_ops)');
    // One row per email held by a pending or committed contact: the race-free CONTACT_EMAIL_EXISTS at accept time.
    this.addSql(`create table crm.contact_emails (
      organization_id uuid not null,
      email text not null,
      external_id text not null,
      primary key (organization_id, email))`);
    this.addSql('create index contact_emails_ext_idx on crm.contact_emails (external_id)');
    // Accepted writes, durable before the 202; a worker commits them in order per target.
    this.addSql(`create table crm.pending_writes (
      id bigserial primary key,
      organization_id uuid not null,
      correlation_id text not null unique,
      entity text not null,
      operation text not null,
      target_external_id text not null,
      payload jsonb not null default '{}',
      status text not null default 'ACCEPTED' check (status in ('ACCEPTED','COMMITTED','FAILED')),
      error text,
      accepted_at timestamptz not null,
      committed_at timestamptz)`);
    this.addSql(
      `create index pending_writes_target_idx on crm.pending_writes (organization_id, target_external_id, id) where status = 'ACCEPTED'`,
    );
    this.addSql(`create table crm.companies (
      id bigserial primary key,
      organization_id uuid not null,
      external_id text not null,
      name text,
      domain text,
      industry text,
      size text,
      plan text,
      website text,
      phone text,
      status text not null default 'ACTIVE' check (status in ('ACTIVE','ARCHIVED','DELETED')),
      properties jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      `create unique index companies_domain_uq on crm.companies (organization_id, lower(domain)) where status <> 'DELETED' and domain is not null`,
    );
    this.addSql('create unique index companies_external_uq on crm.companies (organization_id, external_id)');
    this.addSql('create index companies_org_created_idx on crm.companies (organization_id, created_at desc, id desc)');
    this.addSql('create index companies_name_trgm_idx on crm.companies using gin (lower(name) gin_trgm_ops)');
    this.addSql(`create table crm.contact_companies (
      organization_id uuid not null,
      contact_id bigint not null references crm.contacts(id) on delete cascade,
      company_id bigint not null references crm.companies(id) on delete cascade,
      role text,
      is_primary boolean not null default false,
      created_at timestamptz not null,
      primary key (contact_id, company_id))`);
    this.addSql('create index contact_companies_company_idx on crm.contact_companies (company_id)');
    this.addSql(`create table crm.tags (
      id serial primary key,
      organization_id uuid not null,
      key text not null,
      name text not null,
      description text,
      color text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, key))`);
    this.addSql(`create table crm.contact_tags (
      organization_id uuid not null,
      contact_id bigint not null references crm.contacts(id) on delete cascade,
      tag_id int not null references crm.tags(id) on delete cascade,
      created_at timestamptz not null,
      primary key (contact_id, tag_id))`);
    this.addSql('create index contact_tags_tag_idx on crm.contact_tags (tag_id)');
    this.addSql(`create table crm.activities (
      id bigserial primary key,
      organization_id uuid not null,
      external_id text not null,
      contact_id bigint not null references crm.contacts(id) on delete cascade,
      type text not null,
      module text not null default 'CRM',
      content text,
      properties jsonb not null default '{}',
      created_at timestamptz not null)`);
    this.addSql('create unique index activities_external_uq on crm.activities (organization_id, external_id)');
    this.addSql(
      'create index activities_contact_idx on crm.activities (organization_id, contact_id, created_at desc, id desc)',
    );
    this.addSql(`create table crm.properties (
      id serial primary key,
      organization_id uuid not null,
      entity text not null check (entity in ('CONTACT','COMPANY','CONTACT_COMPANY')),
      key text not null,
      label text not null,
      type text not null,
      "group" text not null default 'CUSTOM',
      description text,
      options jsonb not null default '[]',
      is_required boolean not null default false,
      is_system boolean not null default false,
      archived boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, entity, key))`);
    this.addSql(`create table crm.lists (
      id serial primary key,
      organization_id uuid not null,
      name text not null,
      entity_type text not null default 'CONTACT',
      is_dynamic boolean not null default false,
      filter_criteria jsonb,
      filter_fields text[] not null default '{}',
      member_count int not null default 0,
      needs_evaluation boolean not null default false,
      requested_seq int not null default 0,
      evaluated_seq int not null default 0,
      last_evaluated_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql('create index lists_org_idx on crm.lists (organization_id, id)');
    this.addSql(`create table crm.list_members (
      organization_id uuid not null,
      list_id int not null references crm.lists(id) on delete cascade,
      contact_id bigint not null references crm.contacts(id) on delete cascade,
      added_at timestamptz not null,
      primary key (list_id, contact_id))`);
    this.addSql(`create table crm.integrations (
      id serial primary key,
      organization_id uuid not null,
      name text not null,
      provider text not null,
      base_url text not null,
      access_token_sealed text not null,
      push_pending boolean not null default false,
      pushing_until timestamptz,
      last_error text,
      created_at timestamptz not null)`);
    // Requests sent per integration: the sliding window of the provider's rate limit.
    this.addSql(`create table crm.integration_requests (
      integration_id int not null references crm.integrations(id) on delete cascade,
      sent_at timestamptz not null)`);
    this.addSql('create index integration_requests_idx on crm.integration_requests (integration_id, sent_at)');
    // What waits to be pushed: a contact once however often it changed, every activity.
    this.addSql(`create table crm.integration_outbox (
      id bigserial primary key,
      organization_id uuid not null,
      integration_id int not null references crm.integrations(id) on delete cascade,
      kind text not null check (kind in ('contact', 'activity')),
      ref_id bigint not null,
      created_at timestamptz not null,
      unique (integration_id, kind, ref_id))`);
    this.addSql(`create table crm.contact_syncs (
      organization_id uuid not null,
      contact_id bigint not null references crm.contacts(id) on delete cascade,
      integration_id int not null references crm.integrations(id) on delete cascade,
      external_id text,
      sync_hash text,
      last_synced_at timestamptz,
      primary key (contact_id, integration_id))`);
  }
}
