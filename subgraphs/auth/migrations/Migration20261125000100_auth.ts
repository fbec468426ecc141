import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000100_auth extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists auth');
    this.addSql(`create table auth.users (
      id text primary key,
      organization_id uuid not null,
      email text not null,
      email_verified boolean not null default false,
      status text not null check (status in ('PENDING_VERIFICATION','ACTIVE','BLOCKED','DELETED')),
      password_hash text,
      profile jsonb not null default '{}',
      metadata jsonb not null default '{}',
      failed_attempts int not null default 0,
      locked_until timestamptz,
      last_sign_in_at timestamptz,
      password_changed_at timestamptz,
      blocked_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    // One live account per address; a soft-deleted user frees its address.
    this.addSql(
      'create unique index users_org_email_idx on auth.users (organization_id, email) where deleted_at is null',
    );
    this.addSql('create index users_org_created_idx on auth.users (organization_id, created_at desc, id desc)');
    this.addSql(`create table auth.sessions (
      id text primary key,
      organization_id uuid not null,
      user_id text not null references auth.users (id) on delete cascade,
      secret_hash bytea not null,
      application_id text,
      ip text,
      user_agent text,
      mfa_verified boolean not null default false,
      created_at timestamptz not null,
      last_active_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz)`);
    this.addSql('create index sessions_user_idx on auth.sessions (organization_id, user_id, created_at desc)');
    this.addSql(`create table auth.tokens (
      id text primary key,
      organization_id uuid not null,
      kind text not null check (kind in ('EMAIL_VERIFICATION','PASSWORD_RESET','MFA_CHALLENGE','INVITATION')),
      user_id text references auth.users (id) on delete cascade,
      secret_hash bytea not null,
      data jsonb not null default '{}',
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null)`);
    this.addSql(`create table auth.mfa_factors (
      id text primary key,
      organization_id uuid not null,
      user_id text not null references auth.users (id) on delete cascade,
      type text not null check (type in ('TOTP')),
      status text not null check (status in ('PENDING','VERIFIED')),
      secret_sealed text not null,
      last_used_step bigint,
      created_at timestamptz not null,
      verified_at timestamptz)`);
    this.addSql('create index mfa_factors_user_idx on auth.mfa_factors (organization_id, user_id)');
    this.addSql(`create table auth.recovery_codes (
      id text primary key,
      organization_id uuid not null,
      user_id text not null references auth.users (id) on delete cascade,
      code_hash bytea not null,
      used_at timestamptz,
      created_at timestamptz not null)`);
    this.addSql('create index recovery_codes_user_idx on auth.recovery_codes (organization_id, user_id)');
    this.addSql(`create table auth.policies (
      organization_id uuid primary key,
      password jsonb not null default '{}',
      session jsonb not null default '{}',
      updated_at timestamptz not null)`);
    this.addSql(`create table auth.audit_logs (
      id text primary key,
      organization_id uuid not null,
      type text not null,
      user_id text,
      ip text,
      user_agent text,
      data jsonb not null default '{}',
      created_at timestamptz not null)`);
    this.addSql(
      'create index audit_logs_org_created_idx on auth.audit_logs (organization_id, created_at desc, id desc)',
    );
    this.addSql('create index audit_logs_org_user_idx on auth.audit_logs (organization_id, user_id, created_at desc)');
    this.addSql(`create table auth.applications (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      type text not null check (type in ('SPA','WEB','NATIVE','M2M')),
      redirect_uris text[] not null default '{}',
      allowed_origins text[] not null default '{}',
      grant_types text[] not null default '{}',
      client_id text not null unique,
      secret_hash bytea,
      secret_last4 text,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(`create table auth.connections (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      type text not null check (type in ('OIDC','SAML')),
      provider text not null,
      config jsonb not null,
      domains text[] not null default '{}',
      jit_provisioning boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(`create table auth.organizations (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      slug text not null,
      display_name text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, slug))`);
    this.addSql(`create table auth.members (
      id text primary key,
      organization_id uuid not null,
      auth_organization_id text not null references auth.organizations (id) on delete cascade,
      user_id text not null references auth.users (id) on delete cascade,
      role text not null,
      created_at timestamptz not null,
      unique (auth_organization_id, user_id))`);
    this.addSql(`create table auth.invitations (
      id text primary key,
      organization_id uuid not null,
      auth_organization_id text not null references auth.organizations (id) on delete cascade,
      email text not null,
      role text not null,
      status text not null check (status in ('PENDING','ACCEPTED')),
      token_id text,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      created_at timestamptz not null)`);
  }
}
