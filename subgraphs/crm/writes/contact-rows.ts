import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactInput } from '../contacts/contact-input.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface ContactRow {
  id: string;
  status: string;
}

/**
 * The contacts one commit transaction works on: read and row-locked together, creations inserted together, so a
 * batch costs a few statements rather than a few per write.
 */
export class ContactRows {
  private readonly rows = new Map<string, ContactRow | null>();
  private readonly creations = new Map<string, { input: ContactInput; acceptedAt: Date }>();
  /** Ids of the contacts inserted so far, whichever flush inserted them (a `get` flushes too). */
  readonly created: string[] = [];

  constructor(
    readonly tx: EntityManager,
    readonly org: string,
  ) {}

  /** Reads and locks the batch's targets in one statement. */
  async load(externalIds: string[]): Promise<void> {
    for (const id of externalIds) this.rows.set(id, null);
    const found = await tenantSql(this.tx).rows<ContactRow & { externalId: string }>(
      sql`select id, status, external_id as "externalId" from crm.contacts
       where organization_id = ${ORG} and external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb)) for update`,
    );
    for (const row of found) this.rows.set(row.externalId, { id: String(row.id), status: row.status });
  }

  /** The contact, or null when it does not exist (yet); a creation queued for it is inserted first. */
  async get(externalId: string): Promise<ContactRow | null> {
    if (this.creations.has(externalId)) await this.flush();
    if (!this.rows.has(externalId)) await this.load([externalId]);
    return this.rows.get(externalId) ?? null;
  }

  /** Queues the creation of a contact that does not exist; `flush` inserts it. */
  create(externalId: string, input: ContactInput, acceptedAt: Date): void {
    this.creations.set(externalId, { input, acceptedAt });
  }

  /** Inserts the queued creations in one statement; their ids join `created`. */
  async flush(): Promise<void> {
    if (this.creations.size === 0) return;
    const records = [...this.creations].map(([externalId, { input, acceptedAt }]) => ({
      external_id: externalId,
      email: input.email ?? null,
      name: input.name ?? null,
      given_name: input.givenName ?? null,
      family_name: input.familyName ?? null,
      phone: input.phone ?? null,
      lifecycle_stage: input.lifecycleStage ?? null,
      status: input.status ?? 'ACTIVE',
      created_at: acceptedAt,
      properties: Object.fromEntries(Object.entries(input.properties ?? {}).filter(([, v]) => v !== null)),
    }));
    this.creations.clear();
    const inserted = await tenantSql(this.tx).rows<ContactRow & { externalId: string }>(
      sql`insert into crm.contacts (organization_id, external_id, email, name, given_name, family_name, phone, lifecycle_stage, status, properties, created_at, updated_at)
       select ${ORG}, r.external_id, r.email, r.name, r.given_name, r.family_name, r.phone, r.lifecycle_stage, r.status, r.properties, r.created_at, clock_timestamp()
       from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(external_id text, email text, name text, given_name text, family_name text, phone text,
                                             lifecycle_stage text, status text, properties jsonb, created_at timestamptz)
       returning id, status, external_id as "externalId"`,
    );
    for (const row of inserted) {
      this.rows.set(row.externalId, { id: String(row.id), status: row.status });
      this.created.push(String(row.id));
    }
  }
}
