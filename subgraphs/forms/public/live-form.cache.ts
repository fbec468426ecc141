import type { PlanName } from '../../../platform/rate-limit/plans.js';
import type { Form } from '../entities/form.entity.js';
import type { FormField } from '../entities/form-field.entity.js';
import { ORG, sql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { LRUCache } from 'lru-cache';

/** What a new submission needs of a LIVE form, read once and reused until it is found stale. */
export interface LiveForm {
  form: Form;
  /** In display order. */
  fields: FormField[];
  /** The owner's plan (its quota allowance); trusted for the cache's TTL, like the API key cache's. */
  plan: PlanName;
  /** `FIELDS_VERSION_SQL` as read before the fields were. */
  fieldsVersion: string;
  loadedAt: number;
}

/**
 * The form's fields' row versions (`xmin` changes with every insert or update of a row): any field added, changed,
 * moved or removed gives a new value.
 */
export const fieldsVersionSql = (formId: number) =>
  sql`coalesce((select string_agg(x.id || '.' || x.xmin::text, ',' order by x.id) from forms.fields x where x.organization_id = ${ORG} and x.form_id = ${formId}), '')`;

/**
 * The guard a write from a cached LIVE form chains on (as a CTE): one row while the form is still LIVE at `ref` with
 * the same settings and the same fields, none once it was unpublished, closed, archived, re-set, renamed or its
 * fields edited, in this process or any other. So the cache never lets a stale form through; it only saves reads.
 */
export function liveFormGuard(ref: string, live: LiveForm): SqlStatement {
  const id = live.form.id;
  return sql`select 1 from forms.forms f where f.organization_id = ${ORG} and f.id = ${id} and f.status = 'LIVE' and (f.uuid::text = ${ref} or f.slug = ${ref}) and f.settings = ${JSON.stringify(live.form.settings)}::jsonb and ${fieldsVersionSql(id)} = ${live.fieldsVersion}`;
}

/**
 * A per-process cache of LIVE forms by public ref (uuid or slug) for public submissions (DESIGN §2: only a cache).
 * Correctness does not rest on it: every write re-checks the form in its own statement (liveFormGuard) and a stale
 * entry is dropped and read again. The TTL bounds how long the owner's plan is reused.
 */
export class LiveFormCache {
  private readonly entries: LRUCache<string, LiveForm>;

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {
    // Bounded by count, least recently used out first; the TTL is checked against the caller's clock in get().
    this.entries = new LRUCache({ max: options.maxEntries });
  }

  get(ref: string, now: number): LiveForm | undefined {
    const entry = this.entries.get(ref);
    if (entry && now - entry.loadedAt > this.options.ttlMs) {
      this.entries.delete(ref);
      return undefined;
    }
    return entry;
  }

  set(ref: string, entry: LiveForm): void {
    this.entries.set(ref, entry);
  }

  drop(ref: string): void {
    this.entries.delete(ref);
  }
}
