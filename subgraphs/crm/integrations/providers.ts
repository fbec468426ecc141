/** A contact as the adapters see it. */
export interface PushContact {
  id: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  phone: string | null;
  lifecycleStage: string | null;
}

export interface PushActivity {
  type: string;
  content: string | null;
  createdAt: string;
}

/** One HTTP request of an adapter: a POST (updates use the provider's POST forms), path under the base URL. */
export interface ProviderRequest {
  path: string;
  body: Record<string, unknown>;
}

/** A provider adapter: the wire format, and the rate limit. */
export interface Provider {
  name: string;
  limit: number;
  windowMs: number;
  contact(contact: PushContact, externalId: string | null): ProviderRequest;
  activity(activity: PushActivity, contactExternalId: string | null): ProviderRequest;
  /** The provider's id of the record in a 2xx answer. */
  idOf(body: unknown): string | null;
}

const split = (c: PushContact) => ({
  first: c.givenName ?? c.name?.split(' ')[0] ?? null,
  last: c.familyName ?? (c.name?.split(' ').slice(1).join(' ') || null),
});
const idField = (body: unknown) => {
  const id =
    (body as { id?: unknown } | null)?.id ?? (body as { results?: { id?: unknown }[] } | null)?.results?.[0]?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** HubSpot-style CRM v3 objects API; 80 requests per 10 seconds. */
const hubspot: Provider = {
  name: 'hubspot',
  limit: 80,
  windowMs: 10_000,
  contact: (c) => {
    const { first, last } = split(c);
    // Batch upsert keyed by email (one input): creates or updates with one POST.
    return {
      path: '/crm/v3/objects/contacts/batch/upsert',
      body: {
        inputs: [
          {
            idProperty: 'email',
            id: c.email,
            properties: {
              email: c.email,
              firstname: first,
              lastname: last,
              phone: c.phone,
              lifecyclestage: c.lifecycleStage?.toLowerCase() ?? null,
            },
          },
        ],
      },
    };
  },
  activity: (a, contactId) => ({
    path: '/crm/v3/objects/notes',
    body: {
      properties: { hs_timestamp: a.createdAt, hs_note_body: `[${a.type}] ${a.content ?? ''}`.trim() },
      associations: contactId
        ? [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]
        : [],
    },
  }),
  idOf: idField,
};

/** Salesforce-style sObjects API (updates as POST with `_HttpMethod=PATCH`); 8 requests per second. */
const salesforce: Provider = {
  name: 'salesforce',
  limit: 8,
  windowMs: 1_000,
  contact: (c, externalId) => {
    const { first, last } = split(c);
    const body = {
      Email: c.email,
      FirstName: first,
      LastName: last ?? c.email ?? 'Unknown',
      Phone: c.phone,
      LeadSource: c.lifecycleStage,
    };
    return externalId
      ? { path: `/services/data/v59.0/sobjects/Contact/${encodeURIComponent(externalId)}?_HttpMethod=PATCH`, body }
      : { path: '/services/data/v59.0/sobjects/Contact', body };
  },
  activity: (a, contactId) => ({
    path: '/services/data/v59.0/sobjects/Task',
    body: { Subject: a.type, Description: a.content, WhoId: contactId, ActivityDate: a.createdAt.slice(0, 10) },
  }),
  idOf: idField,
};

export const PROVIDERS: Record<string, Provider> = { hubspot, salesforce };
