import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000100_ai_gateway extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists ai_gateway');
    this.addSql(`create table ai_gateway.provider_credentials (
      id text primary key,
      organization_id uuid not null,
      provider text not null,
      sealed_api_key text not null,
      api_key_hint text not null,
      base_url text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, provider))`);
    this.addSql(`create table ai_gateway.routes (
      id text primary key,
      organization_id uuid not null,
      model text not null,
      targets jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, model))`);
    this.addSql(`create table ai_gateway.gateway_keys (
      key_id uuid primary key,
      organization_id uuid not null,
      expires_at timestamptz,
      created_at timestamptz not null)`);
    this.addSql(`create table ai_gateway.usage_log (
      id bigserial primary key,
      organization_id uuid not null,
      request_id text not null,
      key_id uuid,
      model text not null,
      provider text,
      provider_model text,
      prompt_tokens int not null,
      completion_tokens int not null,
      total_tokens int not null,
      cost_usd numeric(20, 10) not null,
      latency_ms int not null,
      first_chunk_ms int,
      cache text not null check (cache in ('HIT','MISS','BYPASS')),
      status text not null check (status in ('SUCCESS','ERROR','ABORTED')),
      error_code text,
      stream boolean not null,
      estimated boolean not null,
      created_at timestamptz not null)`);
    this.addSql('create index ai_usage_org_created_idx on ai_gateway.usage_log (organization_id, created_at desc)');
  }
}
