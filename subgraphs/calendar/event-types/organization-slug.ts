import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, sql, TenantSql } from '../../../platform/orm/tenant-sql.js';

/** The caller's organization slug, which addresses its public booking pages. */
export async function organizationSlug(em: EntityManager): Promise<string | null> {
  const row = await new TenantSql(em).one<{ slug: string }>(
    sql`select slug from platform.organizations where id = ${ORG}`,
  );
  return row?.slug ?? null;
}

/** The booking page of a public event type, absolute from the platform's public URL; null when not public. */
export function bookingUrl(
  publicUrl: string,
  orgSlug: string | null,
  eventType: { public: boolean; slug: string },
): string | null {
  if (!eventType.public || !orgSlug) return null;
  return `${publicUrl}/book/${encodeURIComponent(orgSlug)}/${encodeURIComponent(eventType.slug)}`;
}
