import type { TestPlatform } from '../../../helpers/test-platform.js';

export const REGISTRANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '+14155550100',
  address: '1 Analytical Way',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'us',
};

/** Registers a name and fails loudly when the platform refuses. */
export async function registerDomain(
  t: TestPlatform,
  key: string,
  domainName: string,
  extra: Record<string, unknown> = {},
) {
  const res = await t.request('POST', '/domains/register', {
    key,
    body: { domainName, registrant: REGISTRANT, ...extra },
  });
  if (res.status !== 201) throw new Error(`register ${domainName}: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Events of a type in the outbox, oldest first. */
export async function eventsOf(
  t: TestPlatform,
  type: string,
  domainName?: string,
): Promise<{ organization_id: string; data: any }[]> {
  const rows = await t.platform.orm.em
    .getConnection()
    .execute(`select organization_id, data from platform.events where type = ? order by created_at, id`, [type]);
  return (rows as { organization_id: string; data: any }[]).filter(
    (r) => !domainName || r.data.domain?.domainName === domainName,
  );
}

export const sqlRows = (t: TestPlatform, query: string, params: unknown[] = []) =>
  t.platform.orm.em.getConnection().execute(query, params) as Promise<any[]>;
