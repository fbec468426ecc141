import { Migration } from '@mikro-orm/migrations';

/** Webhooks, their deliveries (one per event and webhook) and every attempt of a delivery. */
export class Migration20261123000100_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists webhooks');
    this.addSql(`create table webhooks.webhooks (
      id text primary key,
      organization_id uuid not null,
      namespace text not null,
      url text not null,
      events text[] not null,
      active boolean not null default true,
      failed boolean not null default false,
      failed_at timestamptz,
      description text,
      filter jsonb,
      secret_sealed text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create index webhooks_org_namespace_created_idx on webhooks.webhooks (organization_id, namespace, created_at)',
    );
    // The dispatcher looks up the active webhooks of the organizations in a batch.
    this.addSql('create index webhooks_active_org_idx on webhooks.webhooks (organization_id) where active');
    this.addSql(`create table webhooks.deliveries (
      id text primary key,
      organization_id uuid not null,
      namespace text not null,
      webhook_id text not null references webhooks.webhooks(id) on delete cascade,
      event_id text not null,
      event_type text not null,
      event_timestamp timestamptz not null,
      data jsonb not null,
      status text not null check (status in ('PENDING','SUCCESS','FAILED')),
      attempt_count int not null default 0,
      response_code int,
      error text,
      attempted_at timestamptz,
      next_attempt_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (event_id, webhook_id))`);
    this.addSql(
      'create index deliveries_org_namespace_id_idx on webhooks.deliveries (organization_id, namespace, id desc)',
    );
    this.addSql(
      'create index deliveries_webhook_created_idx on webhooks.deliveries (webhook_id, created_at desc, id desc)',
    );
    this.addSql(`create table webhooks.attempts (
      id text primary key,
      organization_id uuid not null,
      delivery_id text not null references webhooks.deliveries(id) on delete cascade,
      slot int,
      manual boolean not null,
      success boolean not null,
      response_code int,
      response_body text,
      error text,
      duration_ms int not null,
      scheduled_for timestamptz,
      attempted_at timestamptz not null)`);
    this.addSql('create index attempts_delivery_idx on webhooks.attempts (delivery_id, attempted_at)');
    this.addSql(
      'create unique index attempts_delivery_slot_idx on webhooks.attempts (delivery_id, slot) where slot is not null',
    );
  }
}
