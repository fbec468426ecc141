import { Migration } from '@mikro-orm/migrations';

export class Migration20261125120000_mailboxes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema if not exists mailboxes');
    this.addSql(`create table mailboxes.mailboxes (
      id text primary key,
      organization_id uuid not null,
      address text not null,
      name text not null,
      domain text not null,
      created_at timestamptz not null)`);
    // Addresses are global: inbound SMTP finds the mailbox by address alone. Settles concurrent creates.
    this.addSql('create unique index mailboxes_address_idx on mailboxes.mailboxes (address)');
    this.addSql('create index mailboxes_org_idx on mailboxes.mailboxes (organization_id, created_at desc)');
    this.addSql(`create table mailboxes.domains (
      id text primary key,
      organization_id uuid not null,
      domain text not null,
      status text not null,
      dkim_selector text not null,
      dkim_private_key text not null,
      dkim_public_key text not null,
      records jsonb not null,
      verified_at timestamptz,
      last_checked_at timestamptz,
      created_at timestamptz not null)`);
    this.addSql('create unique index domains_domain_idx on mailboxes.domains (domain)');
    this.addSql('create index domains_org_idx on mailboxes.domains (organization_id, created_at desc)');
    this.addSql(`create table mailboxes.threads (
      id text primary key,
      organization_id uuid not null,
      mailbox_id text not null references mailboxes.mailboxes(id) on delete cascade,
      subject text not null,
      base_subject text not null,
      participants text[] not null,
      message_count integer not null,
      last_message_at timestamptz not null,
      created_at timestamptz not null)`);
    this.addSql(
      'create index threads_mailbox_idx on mailboxes.threads (organization_id, mailbox_id, last_message_at desc)',
    );
    this.addSql(`create table mailboxes.labels (
      id text primary key,
      organization_id uuid not null,
      mailbox_id text not null references mailboxes.mailboxes(id) on delete cascade,
      name text not null,
      color text not null,
      created_at timestamptz not null,
      unique (mailbox_id, name))`);
    this.addSql(`create table mailboxes.messages (
      id text primary key,
      organization_id uuid not null,
      mailbox_id text not null references mailboxes.mailboxes(id) on delete cascade,
      thread_id text not null references mailboxes.threads(id) on delete cascade,
      direction text not null,
      status text not null,
      message_id text not null,
      in_reply_to text,
      "references" text[] not null default '{}',
      "from" text not null,
      from_address text not null,
      "to" text[] not null,
      cc text[] not null default '{}',
      bcc text[] not null default '{}',
      addresses text[] not null,
      subject text not null,
      html text,
      text text,
      text_preview text not null,
      headers jsonb not null,
      attachments jsonb not null,
      attachment_count integer not null,
      labels text[] not null default '{}',
      tags text[] not null default '{}',
      read boolean not null default false,
      archived boolean not null default false,
      auth jsonb,
      scheduled_at timestamptz,
      sent_at timestamptz,
      delivered_at timestamptz,
      bounced_at timestamptz,
      bounce_reason text,
      email_message_ids text[] not null default '{}',
      received_at timestamptz not null,
      created_at timestamptz not null,
      -- Full-text search over subject (weight A), sender (B: the address whole and in parts) and text (C).
      search tsvector generated always as (
        setweight(to_tsvector('english', coalesce(subject, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce("from", '') || ' ' || translate(coalesce("from", ''), '@.<>"', '     ')), 'B') ||
        setweight(to_tsvector('english', coalesce(text, '')), 'C')) stored)`);
    this.addSql(
      'create index messages_inbox_idx on mailboxes.messages (organization_id, mailbox_id, direction, received_at desc)',
    );
    this.addSql('create index messages_thread_idx on mailboxes.messages (organization_id, thread_id, received_at)');
    this.addSql('create index messages_message_id_idx on mailboxes.messages (mailbox_id, message_id)');
    // A Message-ID is received once per mailbox: two concurrent deliveries of one message cannot both be stored.
    this.addSql(
      "create unique index messages_received_once_idx on mailboxes.messages (mailbox_id, message_id) where direction = 'inbound'",
    );
    this.addSql('create index messages_search_idx on mailboxes.messages using gin (search)');
    this.addSql('create index messages_labels_idx on mailboxes.messages using gin (labels)');
    this.addSql('create index messages_from_idx on mailboxes.messages (organization_id, from_address)');
    // Contact.mailboxMessages: every bare address of From, To and Cc.
    this.addSql('create index messages_addresses_idx on mailboxes.messages using gin (addresses)');
  }
}
