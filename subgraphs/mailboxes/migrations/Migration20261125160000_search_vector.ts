import { Migration } from '@mikro-orm/migrations';

/** Characters of a message's text that go into its search vector (see docs/mailboxes.md, Search). */
export const SEARCH_TEXT_CHARS = 10_000;

/**
 * The search vector, from a generated column to a trigger. A stored generated column is recomputed on every UPDATE,
 * so marking a message read or archived re-parsed its whole text; the trigger computes it on insert and when the
 * subject, sender or text change. Parsing is the dominant cost of storing a large message (about 2 MB/s per core in
 * PostgreSQL's default parser), so the vector covers the first SEARCH_TEXT_CHARS characters of the text: long mail
 * is mostly quoted history, whose original message is indexed in full.
 */
export class Migration20261125160000_search_vector extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function mailboxes.search_vector(subject text, sender text, body text) returns tsvector
      language sql immutable parallel safe as $$
        select setweight(to_tsvector('english', coalesce(subject, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(sender, '') || ' ' || translate(coalesce(sender, ''), '@.<>"', '     ')), 'B') ||
          setweight(to_tsvector('english', left(coalesce(body, ''), ${SEARCH_TEXT_CHARS})), 'C')
      $$`);
    this.addSql(`create function mailboxes.messages_search_trigger() returns trigger language plpgsql as $$
      begin
        new.search := mailboxes.search_vector(new.subject, new."from", new.text);
        return new;
      end $$`);
    this.addSql('alter table mailboxes.messages alter column search drop expression');
    this.addSql(`create trigger messages_search before insert or update of subject, "from", text on mailboxes.messages
      for each row execute function mailboxes.messages_search_trigger()`);
  }
}
