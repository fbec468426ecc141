import { Migration } from '@mikro-orm/migrations';

/** Budgets per organization and key, their threshold alerts (each sent once), per-key limits. */
export class Migration20261201000300_ai_gateway_budgets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table ai_gateway.budgets (
      id text primary key,
      organization_id uuid not null,
      key_id uuid,
      period text not null check (period in ('day', 'month')),
      amount_usd double precision not null check (amount_usd > 0),
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create unique index ai_budgets_org_period on ai_gateway.budgets (organization_id, period) where key_id is null',
    );
    this.addSql(
      'create unique index ai_budgets_key_period on ai_gateway.budgets (organization_id, key_id, period) where key_id is not null',
    );
    // One row per budget, window and threshold: the insert that wins sends the event, so it goes out once.
    this.addSql(`create table ai_gateway.budget_alerts (
      budget_id text not null,
      window_start timestamptz not null,
      threshold int not null,
      organization_id uuid not null,
      created_at timestamptz not null,
      primary key (budget_id, window_start, threshold))`);
    this.addSql(
      'alter table ai_gateway.gateway_keys add column allowed_models jsonb, add column requests_per_minute int, add column tokens_per_minute int',
    );
    this.addSql(
      'create index ai_usage_org_key_created_idx on ai_gateway.usage_log (organization_id, key_id, created_at)',
    );
  }
}
