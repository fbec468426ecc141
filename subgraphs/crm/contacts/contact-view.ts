import type { ContactView } from './contact.types.js';

/** A contact row (entity or raw SQL row, camelCased) → its GraphQL view. */
export function contactView(row: {
  id: string | number;
  externalId: string;
  email: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  phone: string | null;
  lifecycleStage: string | null;
  status: string;
  mergedIntoId: string | number | null;
  properties: Record<string, unknown>;
  module: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  lastActivityAt: Date | string | null;
}): ContactView {
  return {
    id: String(row.id),
    externalId: row.externalId,
    email: row.email,
    name: row.name,
    givenName: row.givenName,
    familyName: row.familyName,
    phone: row.phone,
    lifecycleStage: row.lifecycleStage,
    status: row.status,
    mergedIntoId: row.mergedIntoId === null ? null : String(row.mergedIntoId),
    properties: row.properties ?? {},
    module: row.module,
    isIdentified: row.email !== null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    lastActivityAt: row.lastActivityAt === null ? null : new Date(row.lastActivityAt),
  };
}
