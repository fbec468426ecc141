import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000100_sms extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists sms');
    this.addSql(`create table sms.messages (
      id text primary key,
      organization_id uuid not null,
      provider_message_id text,
      direction text not null check (direction in ('OUTBOUND','INBOUND')),
      from_number text,
      to_number text not null,
      body text not null,
      status text not null check (status in ('QUEUED','SENDING','SENT','DELIVERED','FAILED','UNDELIVERED','BLOCKED','RECEIVED')),
      segments int not null,
      country text,
      tag text,
      metadata jsonb not null default '{}',
      template_id int,
      template_alias text,
      error_code int,
      error_message text,
      queued_at timestamptz, sent_at timestamptz, delivered_at timestamptz, failed_at timestamptz, received_at timestamptz,
      events jsonb not null default '[]',
      created_at timestamptz not null)`);
    this.addSql(
      'create index sms_messages_org_created_idx on sms.messages (organization_id, created_at desc, id desc)',
    );
    this.addSql(
      'create index sms_messages_org_direction_created_idx on sms.messages (organization_id, direction, created_at desc)',
    );
    this.addSql(`create table sms.templates (
      id text primary key,
      organization_id uuid not null,
      alias text not null,
      name text not null,
      body text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, alias))`);
    this.addSql(`create table sms.suppressions (
      id text primary key,
      organization_id uuid not null,
      phone_number text not null,
      reason text not null check (reason in ('MANUAL','OPT_OUT')),
      created_at timestamptz not null,
      unique (organization_id, phone_number))`);
    this.addSql(`create table sms.settings (
      id text primary key,
      organization_id uuid not null unique,
      enabled boolean not null default true,
      approved_pool_template_ids int[] not null default '{}',
      updated_at timestamptz not null)`);
  }
}
