import { Migration } from '@mikro-orm/migrations';
import { getCreateTableSQL, getCreateIndexesSQL, getUpdateTimestampTriggerSQL } from '@agendajs/postgres-backend';

/** Organizations, API keys, usage counters, the events outbox and the Agenda job table. */
export class Migration20261122000000_platform extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create schema if not exists platform');
    this.addSql(`create table platform.organizations (
      id uuid primary key,
      slug text not null unique,
      name text not null,
      plan text not null default 'STARTER' check (plan in ('STARTER','GROWTH','SCALE','ENTERPRISE')),
      notification_email text,
      created_at timestamptz not null default now())`);
    this.addSql(`create table platform.api_keys (
      id uuid primary key,
      organization_id uuid not null references platform.organizations(id),
      name text not null,
      type text not null check (type in ('SERVER','SENDING','GATEWAY')),
      scopes text[] not null,
      prefix text not null,
      hash text not null unique,
      created_at timestamptz not null default now(),
      revoked_at timestamptz)`);
    this.addSql('create index api_keys_organization_idx on platform.api_keys (organization_id)');
    // Monthly (or daily) usage per organization and resource; incremented in the same transaction as the work it counts.
    this.addSql(`create table platform.usage (
      organization_id uuid not null references platform.organizations(id),
      resource text not null,
      period text not null,
      used bigint not null default 0,
      primary key (organization_id, resource, period))`);
    // The outbox: written in the transaction of the change that raised the event, drained by the dispatcher.
    this.addSql(`create table platform.events (
      seq bigserial primary key,
      id text not null unique,
      organization_id uuid not null,
      type text not null,
      data jsonb not null,
      created_at timestamptz not null default now(),
      dispatched_at timestamptz)`);
    this.addSql('create index events_undispatched_idx on platform.events (seq) where dispatched_at is null');
    this.addSql('create index events_organization_idx on platform.events (organization_id, seq)');
    // Agenda's own table, created here so jobs can be enqueued inside application transactions.
    this.addSql(getCreateTableSQL('agenda_jobs'));
    for (const sql of getCreateIndexesSQL('agenda_jobs')) this.addSql(sql);
    this.addSql(getUpdateTimestampTriggerSQL('agenda_jobs'));
  }
}
