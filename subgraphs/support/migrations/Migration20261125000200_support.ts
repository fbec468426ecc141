import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000200_support extends Migration {
  override async up(): Promise<void> {
    // Foreign keys are checked at commit: the unit of work orders inserts of unrelated entities freely.
    this.addSql('create schema if not exists support');
    this.addSql(`create table support.inboxes (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      description text,
      email text,
      widget_token text not null unique,
      working_hours jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    // Inbound mail is routed by address before any organization is known: one inbox per address, platform-wide.
    this.addSql('create unique index inboxes_email_idx on support.inboxes (email) where email is not null');
    this.addSql('create index inboxes_org_idx on support.inboxes (organization_id, created_at)');
    this.addSql(`create table support.inbox_members (
      id text primary key,
      organization_id uuid not null,
      inbox_id text not null references support.inboxes(id) on delete cascade deferrable initially deferred,
      user_id text not null,
      name text,
      email text,
      role text not null,
      status text not null,
      last_assigned_at timestamptz,
      created_at timestamptz not null,
      unique (inbox_id, user_id))`);
    this.addSql(`create table support.companies (
      uid uuid primary key,
      organization_id uuid not null,
      id text not null,
      name text not null,
      website text,
      industry text,
      attributes jsonb not null default '{}',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (organization_id, id))`);
    this.addSql(`create table support.company_notes (
      id text primary key,
      organization_id uuid not null,
      company_id text not null,
      content text not null,
      created_at timestamptz not null)`);
    this.addSql('create index company_notes_idx on support.company_notes (organization_id, company_id, created_at)');
    this.addSql(`create table support.visitors (
      id text primary key,
      organization_id uuid not null,
      token_hash text unique,
      inbox_id text,
      name text,
      email text,
      attributes jsonb not null default '{}',
      company_id text,
      identified_at timestamptz,
      anonymized_at timestamptz,
      last_seen_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql('create index visitors_org_idx on support.visitors (organization_id, created_at)');
    this.addSql('create index visitors_email_idx on support.visitors (organization_id, email) where email is not null');
    this.addSql(
      'create index visitors_company_idx on support.visitors (organization_id, company_id) where company_id is not null',
    );
    this.addSql(`create table support.visitor_sessions (
      id text primary key,
      organization_id uuid not null,
      visitor_id text not null references support.visitors(id) on delete cascade deferrable initially deferred,
      page_url text,
      referrer text,
      user_agent text,
      created_at timestamptz not null)`);
    this.addSql('create index visitor_sessions_idx on support.visitor_sessions (visitor_id, created_at)');
    this.addSql(`create table support.visitor_events (
      id text primary key,
      organization_id uuid not null,
      visitor_id text not null references support.visitors(id) on delete cascade deferrable initially deferred,
      session_id text,
      name text not null,
      properties jsonb not null default '{}',
      created_at timestamptz not null)`);
    this.addSql('create index visitor_events_idx on support.visitor_events (visitor_id, created_at)');
    this.addSql(`create table support.conversations (
      id text primary key,
      organization_id uuid not null,
      inbox_id text not null references support.inboxes(id) on delete cascade deferrable initially deferred,
      visitor_id text not null references support.visitors(id) on delete cascade deferrable initially deferred,
      status text not null,
      assignee_id text,
      channel text not null,
      subject text,
      snoozed_until timestamptz,
      waiting_since timestamptz,
      first_reply_at timestamptz,
      last_reopened_at timestamptz,
      resolved_at timestamptz,
      closed_at timestamptz,
      last_activity_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create index conversations_org_idx on support.conversations (organization_id, last_activity_at desc, id)',
    );
    this.addSql('create index conversations_inbox_idx on support.conversations (organization_id, inbox_id, status)');
    this.addSql('create index conversations_visitor_idx on support.conversations (visitor_id)');
    this.addSql(`create table support.messages (
      id text primary key,
      organization_id uuid not null,
      conversation_id text not null references support.conversations(id) on delete cascade deferrable initially deferred,
      type text not null,
      sender_type text not null,
      author_id text,
      content text not null,
      canned_response_id text,
      email_message_id text,
      attachments jsonb not null default '[]',
      redacted boolean not null default false,
      created_at timestamptz not null)`);
    this.addSql('create index messages_conversation_idx on support.messages (conversation_id, created_at, id)');
    this.addSql(
      'create index messages_email_idx on support.messages (organization_id, email_message_id) where email_message_id is not null',
    );
    this.addSql(`create table support.attachments (
      id text primary key,
      organization_id uuid not null,
      message_id text not null,
      conversation_id text not null references support.conversations(id) on delete cascade deferrable initially deferred,
      filename text not null,
      content_type text not null,
      size integer not null,
      content bytea not null,
      created_at timestamptz not null)`);
    this.addSql('create index attachments_message_idx on support.attachments (message_id)');
    this.addSql(`create table support.tags (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      created_at timestamptz not null)`);
    // Tags are created on first use: concurrent first uses meet this index, not a read-then-write race.
    this.addSql('create unique index tags_name_idx on support.tags (organization_id, lower(name))');
    this.addSql(`create table support.conversation_tags (
      id text primary key,
      organization_id uuid not null,
      conversation_id text not null references support.conversations(id) on delete cascade deferrable initially deferred,
      tag_id text not null references support.tags(id) on delete cascade deferrable initially deferred,
      created_at timestamptz not null,
      unique (conversation_id, tag_id))`);
    this.addSql(`create table support.canned_responses (
      id text primary key,
      organization_id uuid not null,
      title text not null,
      shortcut text not null,
      content text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create unique index canned_responses_shortcut_idx on support.canned_responses (organization_id, lower(shortcut))',
    );
    this.addSql(`create table support.reporting_events (
      id text primary key,
      organization_id uuid not null,
      name text not null,
      value double precision,
      value_in_business_hours double precision,
      inbox_id text not null,
      conversation_id text not null,
      user_id text,
      event_start_time timestamptz not null,
      event_end_time timestamptz not null)`);
    this.addSql(
      'create index reporting_events_idx on support.reporting_events (organization_id, name, event_end_time)',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop schema if exists support cascade');
  }
}
