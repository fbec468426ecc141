import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** Contact columns as the views expect them (camelCase aliases). */
export const CONTACT_COLUMNS = `c.id, c.external_id as "externalId", c.email, c.name, c.given_name as "givenName", c.family_name as "familyName", c.phone,
  c.lifecycle_stage as "lifecycleStage", c.status, c.merged_into_id as "mergedIntoId", c.properties, c.module, c.created_at as "createdAt",
  c.updated_at as "updatedAt", c.last_activity_at as "lastActivityAt"`;

/** A WHERE clause built from fixed fragments and bound values. */
export class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
}

/** An ISO date or date-time query value, or a 400. */
export function isoDate(field: string, value: unknown): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value)))
    throw invalid(field, value, 'ISO 8601 date', `${field} must be an ISO 8601 date`);
  return new Date(value);
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw invalid(field, value, allowed);
  return value as T;
}

/** One page of rows plus the total (window count) in one statement. */
export async function pageQuery<T>(
  em: EntityManager,
  sql: string,
  params: unknown[],
  limit: number,
  offset: number,
  countSql: string,
): Promise<{ rows: T[]; total: number }> {
  const db = tenantSql(em); // params bind the organization as ORG
  const rows = await db.rows<T & { __total: string }>(sqlOf(`${sql} limit ? offset ?`, [...params, limit, offset]));
  const total =
    rows.length > 0
      ? Number(rows[0]!.__total)
      : offset === 0
        ? 0
        : Number((await db.rows<{ n: string }>(sqlOf(countSql, params)))[0]!.n);
  for (const row of rows) delete (row as { __total?: string }).__total;
  return { rows, total };
}
