import { Migration } from '@mikro-orm/migrations';

/** Optional request and response bodies per organization (off by default), kept a number of days. */
export class Migration20261201000500_ai_gateway_request_logs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ai_gateway.log_settings (
      id text primary key,
      organization_id uuid not null unique,
      enabled boolean not null,
      retention_days int not null check (retention_days between 1 and 365),
      redact jsonb not null,
      redact_strings jsonb not null,
      updated_at timestamptz not null)`);
    this.addSql(`create table ai_gateway.request_logs (
      id bigserial primary key,
      organization_id uuid not null,
      request_id text not null,
      endpoint text not null,
      model text not null,
      request jsonb not null,
      response jsonb,
      created_at timestamptz not null)`);
    this.addSql(
      'create index ai_request_logs_org_created_idx on ai_gateway.request_logs (organization_id, created_at desc)',
    );
  }
}
