import { Migration } from '@mikro-orm/migrations';

/** SSO sign-in: flows in progress, assertion ids seen (replay), users linked to a connection, one-time sign-in codes. */
export class Migration20261201180000_auth_sso extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table auth.connections add column enabled boolean not null default true');
    this.addSql('alter table auth.users add column sso_connection_id text, add column sso_subject text');
    // One live user per identity of a connection: SSO identities are keyed by the provider's subject, not by email.
    this.addSql(
      'create unique index users_sso_subject_idx on auth.users (organization_id, sso_connection_id, sso_subject) where sso_subject is not null and deleted_at is null',
    );
    this.addSql('alter table auth.tokens drop constraint tokens_kind_check');
    this.addSql(
      `alter table auth.tokens add constraint tokens_kind_check check (kind in ('EMAIL_VERIFICATION','PASSWORD_RESET','MFA_CHALLENGE','INVITATION','SIGN_IN_CODE'))`,
    );
    this.addSql(`create table auth.sso_flows (
      id text primary key,
      organization_id uuid not null,
      connection_id text not null,
      application_id text not null,
      redirect_uri text not null,
      client_state text,
      browser_hash bytea not null,
      state_hash bytea not null,
      nonce text,
      code_verifier_sealed text,
      saml_request_id text,
      status text not null check (status in ('STARTED','ASSERTED','DONE','FAILED')),
      profile jsonb,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      finished_at timestamptz)`);
    this.addSql('create index sso_flows_expiry_idx on auth.sso_flows (expires_at)');
    this.addSql(`create table auth.sso_assertion_ids (
      organization_id uuid not null,
      connection_id text not null,
      assertion_id text not null,
      expires_at timestamptz not null,
      primary key (organization_id, connection_id, assertion_id))`);
  }
}
