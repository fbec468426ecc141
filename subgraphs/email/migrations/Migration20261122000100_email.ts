import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100_email extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists email');
    this.addSql(`create table email.messages (
      id text primary key,
      organization_id uuid not null,
      from_address text not null,
      to_addresses text[] not null,
      cc text[] not null default '{}',
      bcc text[] not null default '{}',
      reply_to text[] not null default '{}',
      subject text not null,
      html text,
      text text,
      headers jsonb not null default '{}',
      tags jsonb not null default '[]',
      attachments jsonb,
      attachment_info jsonb not null default '[]',
      template_id text,
      status text not null check (status in ('QUEUED','SENT','DELIVERED','BOUNCED','FAILED')),
      bounce_type text,
      last_response text,
      provider_message_id text,
      attempts int not null default 0,
      track_opens boolean not null default false,
      track_clicks boolean not null default false,
      list_unsubscribe boolean not null default false,
      open_count int not null default 0,
      click_count int not null default 0,
      idempotency_key text,
      created_at timestamptz not null,
      sent_at timestamptz, delivered_at timestamptz, bounced_at timestamptz, failed_at timestamptz,
      opened_at timestamptz, clicked_at timestamptz,
      updated_at timestamptz not null)`);
    this.addSql('create index messages_org_created_idx on email.messages (organization_id, created_at desc, id desc)');
    this.addSql(
      'create index messages_org_status_created_idx on email.messages (organization_id, status, created_at desc)',
    );
    this.addSql(
      'create unique index messages_org_idempotency_idx on email.messages (organization_id, idempotency_key) where idempotency_key is not null',
    );
    this.addSql(`create table email.templates (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      alias text,
      subject text not null,
      html_body text,
      text_body text,
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create unique index templates_org_alias_idx on email.templates (organization_id, alias) where alias is not null',
    );
    this.addSql('create index templates_org_created_idx on email.templates (organization_id, created_at desc)');
    this.addSql(`create table email.suppressions (
      id text primary key,
      organization_id uuid not null,
      email text not null,
      reason text not null check (reason in ('HARD_BOUNCE','SPAM_COMPLAINT','UNSUBSCRIBE','MANUAL')),
      source_message_id text,
      created_at timestamptz not null,
      unique (organization_id, email))`);
    this.addSql(`create table email.captured (
      message_id text primary key,
      organization_id uuid not null,
      mime text not null,
      created_at timestamptz not null)`);
  }
}
