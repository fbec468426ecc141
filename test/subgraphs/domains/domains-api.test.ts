import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { REGISTRANT, eventsOf, registerDomain, sqlRows } from './helpers/domain-fixtures.js';

describe('domains REST API: search, registration and management', () => {
  let t: TestPlatform;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [domainsModule({ dns: false }), webhooksModule()] });
    key = await t.key('dom-api');
    otherKey = await t.key('dom-api-other');
  });
  afterAll(() => t.stop());

  describe('search and availability', () => {
    it('should offer the term on every requested TLD with prices and suggestions', async () => {
      const res = await t.request('GET', '/domains/search?query=Acme%20Rockets&tlds=com&tlds=io', { key });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const names = res.body.data.available.map((a: any) => a.domain);
      expect(names).toEqual(
        expect.arrayContaining([
          'acmerockets.com',
          'acmerockets.io',
          'acme-rockets.com',
          'acme-rockets.io',
          'getacmerockets.com',
          'acmerocketshq.com',
        ]),
      );
      expect(res.body.data.available.find((a: any) => a.domain === 'acmerockets.io')).toEqual({
        domain: 'acmerockets.io',
        price: 39.99,
        isPremium: false,
      });
      expect(res.body.data.unavailable).toEqual([]);
    });

    it('should list names containing "taken" and premium names apart', async () => {
      const res = await t.request('GET', '/domains/search?query=taken&tlds[]=com', { key });
      expect(res.body.data.unavailable).toContainEqual({ domain: 'taken.com' });
      const premium = await t.request('GET', '/domains/availability?domain=shop.dev', { key });
      expect(premium.body.data).toMatchObject({
        domain: 'shop.dev',
        available: true,
        price: 2499,
        isPremium: true,
        currency: 'USD',
      });
    });

    it('should convert Unicode names to A-labels and refuse bad names and unknown TLDs', async () => {
      const idn = await t.request('GET', `/domains/availability?domain=${encodeURIComponent('Bücher.com')}`, { key });
      expect(idn.body.data).toMatchObject({ domain: 'xn--bcher-kva.com', available: true, price: 12.99 });
      for (const bad of ['-foo.com', 'foo..com', 'a_b.com', `${'a'.repeat(64)}.com`, 'www.example.com']) {
        const res = await t.request('GET', `/domains/availability?domain=${encodeURIComponent(bad)}`, { key });
        expect([res.status, res.body.error.code]).toEqual([400, 'INVALID_DOMAIN_NAME']);
      }
      const tld = await t.request('GET', '/domains/availability?domain=example.co.uk', { key });
      expect([tld.status, tld.body.error.code]).toEqual([400, 'TLD_NOT_SUPPORTED']);
      const searchTld = await t.request('GET', '/domains/search?query=acme&tlds=museum', { key });
      expect([searchTld.status, searchTld.body.error.code]).toEqual([400, 'TLD_NOT_SUPPORTED']);
    });
  });

  describe('registration', () => {
    it('should register with defaults, emit domain.registered and show the name as unavailable', async () => {
      const res = await t.request('POST', '/domains/register', {
        key,
        body: { domainName: 'first-steps.com', years: 2, registrant: REGISTRANT },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        domainName: 'first-steps.com',
        status: 'ACTIVE',
        autoRenew: true,
        whoisPrivacy: true,
        registrarLock: true,
        dnssec: false,
        nameservers: ['ns1.dns.localhost', 'ns2.dns.localhost'],
      });
      const years =
        (Date.parse(res.body.data.expiresAt) - Date.parse(res.body.data.registeredAt)) / (365.25 * 86_400_000);
      expect(Math.round(years)).toBe(2);
      const [event] = await eventsOf(t, 'domain.registered', 'first-steps.com');
      expect(event!.data).toMatchObject({
        domain: { domainName: 'first-steps.com', status: 'ACTIVE', expiresAt: res.body.data.expiresAt },
        years: 2,
        price: 25.98,
      });
      const check = await t.request('GET', '/domains/availability?domain=first-steps.com', { key: otherKey });
      expect(check.body.data.available).toBe(false);
    });

    it('should answer CONFLICT to the holder and DOMAIN_UNAVAILABLE to anyone else', async () => {
      await registerDomain(t, key, 'held-once.net');
      const again = await t.request('POST', '/domains/register', {
        key,
        body: { domainName: 'held-once.net', registrant: REGISTRANT },
      });
      expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
      const other = await t.request('POST', '/domains/register', {
        key: otherKey,
        body: { domainName: 'HELD-ONCE.net', registrant: REGISTRANT },
      });
      expect([other.status, other.body.error.code]).toEqual([409, 'DOMAIN_UNAVAILABLE']);
      const taken = await t.request('POST', '/domains/register', {
        key,
        body: { domainName: 'alreadytaken.org', registrant: REGISTRANT },
      });
      expect([taken.status, taken.body.error.code]).toEqual([409, 'DOMAIN_UNAVAILABLE']);
    });

    it('should let exactly one of many concurrent registrations of a name through', async () => {
      const keys = await Promise.all([1, 2, 3, 4].map((i) => t.key(`dom-race-${i}`)));
      const results = await Promise.all(
        keys.map((k) =>
          t.request('POST', '/domains/register', {
            key: k,
            body: { domainName: 'race-for-it.dev', registrant: REGISTRANT },
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      expect(
        await sqlRows(t, `select count(*)::int as n from domains.domains where domain_name = 'race-for-it.dev'`),
      ).toEqual([{ n: 1 }]);
    });

    it('should validate years and the registrant, and change nothing on bad input', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ years: 0 }, 'years'],
        [{ years: 11 }, 'years'],
        [{ registrant: { ...REGISTRANT, email: 'not-an-email' } }, 'registrant.email'],
        [{ registrant: { ...REGISTRANT, phone: '4155550100' } }, 'registrant.phone'],
        [{ registrant: { ...REGISTRANT, phone: '+1415' } }, 'registrant.phone'],
        [{ registrant: { ...REGISTRANT, country: 'XX' } }, 'registrant.country'],
      ];
      for (const [change, field] of cases) {
        const res = await t.request('POST', '/domains/register', {
          key,
          body: { domainName: 'validated-name.com', registrant: REGISTRANT, ...change },
        });
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        // INVALID_REQUEST for a bad body (class-validator's VALIDATION_ERROR is renamed by the domains envelope).
        expect(res.body.error.code).toBe('INVALID_REQUEST');
        expect(res.body.error.details.field).toBe(field);
      }
      const unknown = await t.request('POST', '/domains/register', {
        key,
        body: { domainName: 'validated-name.com', registrant: REGISTRANT, colour: 'blue' },
      });
      expect([unknown.status, unknown.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
      expect(await sqlRows(t, `select * from domains.domains where domain_name = 'validated-name.com'`)).toEqual([]);
      expect(
        await sqlRows(t, `select * from domains.sandbox_registry where domain_name = 'validated-name.com'`),
      ).toEqual([]);
    });
  });

  describe('management', () => {
    beforeAll(async () => {
      await registerDomain(t, key, 'managed.io', { autoRenew: false, whoisPrivacy: false });
    });

    it('should get a domain by name, also in Unicode or upper case, and 404 for others', async () => {
      expect((await t.request('GET', '/domains/MANAGED.io', { key })).body.data).toMatchObject({
        domainName: 'managed.io',
        autoRenew: false,
        whoisPrivacy: false,
      });
      expect((await t.request('GET', '/domains/managed.io', { key: otherKey })).status).toBe(404);
      const missing = await t.request('GET', '/domains/nothing-here.com', { key });
      expect(missing.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Domain not found' } });
    });

    it('should renew, extending the expiry, emit domain.renewed and refuse more than ten years ahead', async () => {
      const before = (await t.request('GET', '/domains/managed.io', { key })).body.data.expiresAt;
      const res = await t.request('POST', '/domains/managed.io/renew', { key, body: { years: 3 } });
      expect(res.status).toBe(200);
      expect(new Date(res.body.data.expiresAt).getUTCFullYear()).toBe(new Date(before).getUTCFullYear() + 3);
      const [event] = await eventsOf(t, 'domain.renewed', 'managed.io');
      expect(event!.data).toMatchObject({
        domain: { domainName: 'managed.io', expiresAt: res.body.data.expiresAt },
        years: 3,
        automatic: false,
      });
      const tooFar = await t.request('POST', '/domains/managed.io/renew', { key, body: { years: 8 } });
      expect(tooFar.status).toBe(400);
      expect((await t.request('GET', '/domains/managed.io', { key })).body.data.expiresAt).toBe(
        res.body.data.expiresAt,
      );
    });

    it('should change settings and refuse an empty change', async () => {
      const res = await t.request('PATCH', '/domains/managed.io/settings', {
        key,
        body: { autoRenew: true, registrarLock: false },
      });
      expect(res.body.data).toMatchObject({ autoRenew: true, whoisPrivacy: false, registrarLock: false });
      expect((await t.request('PATCH', '/domains/managed.io/settings', { key, body: {} })).status).toBe(400);
      expect(
        (await t.request('PATCH', '/domains/managed.io/settings', { key: otherKey, body: { autoRenew: false } }))
          .status,
      ).toBe(404);
    });

    it('should hand out a strong auth code', async () => {
      const res = await t.request('GET', '/domains/managed.io/auth-code', { key });
      expect(res.body.data.domainName).toBe('managed.io');
      const code: string = res.body.data.authCode;
      expect(code).toHaveLength(20);
      for (const set of [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/]) expect(code).toMatch(set);
    });

    it('should set 2 to 13 name servers, bump the zone and emit dns.changed', async () => {
      const res = await t.request('PUT', '/domains/managed.io/nameservers', {
        key,
        body: { nameservers: ['NS1.Example.net', 'ns2.example.net'] },
      });
      expect(res.body.data.nameservers).toEqual(['ns1.example.net', 'ns2.example.net']);
      const events = await eventsOf(t, 'dns.changed', 'managed.io');
      expect(events.at(-1)!.data).toMatchObject({
        change: 'nameservers',
        nameservers: ['ns1.example.net', 'ns2.example.net'],
      });
      for (const nameservers of [
        ['ns1.example.net'],
        Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`),
        ['ns1.example.net', 'not a host'],
        ['ns1.example.net', 'ns1.example.net'],
      ]) {
        const bad = await t.request('PUT', '/domains/managed.io/nameservers', { key, body: { nameservers } });
        expect(bad.status).toBe(400);
      }
      expect((await t.request('GET', '/domains/managed.io', { key })).body.data.nameservers).toEqual([
        'ns1.example.net',
        'ns2.example.net',
      ]);
    });

    it('should keep four contacts and change one at a time', async () => {
      const res = await t.request('GET', '/domains/managed.io/contacts', { key });
      expect(Object.keys(res.body.data).sort()).toEqual(['admin', 'billing', 'domainName', 'registrant', 'tech']);
      expect(res.body.data.tech).toMatchObject({ email: 'ada@example.com', country: 'US', phone: '+14155550100' });
      const tech = {
        ...REGISTRANT,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phone: '+442071838750',
        country: 'GB',
      };
      const put = await t.request('PUT', '/domains/managed.io/contacts/tech', { key, body: tech });
      expect(put.body.data.tech).toMatchObject({ firstName: 'Grace', email: 'grace@example.com', country: 'GB' });
      expect(put.body.data.admin.firstName).toBe('Ada');
      const bad = await t.request('PUT', '/domains/managed.io/contacts/owner', { key, body: tech });
      expect([bad.status, bad.body.error.details.field]).toEqual([400, 'contactType']);
    });

    it("should list with status and expiringWithinDays filters, paginated, only the caller's domains", async () => {
      const all = await t.request('GET', '/domains?count=2', { key });
      expect(all.body.meta).toMatchObject({ count: 2, offset: 0, hasMore: true });
      expect(all.body.meta.total).toBeGreaterThanOrEqual(3);
      const soon = await t.request('GET', '/domains?expiringWithinDays=400', { key });
      expect(soon.body.data.map((d: any) => d.domainName)).toEqual(['held-once.net']);
      const expired = await t.request('GET', '/domains?status=EXPIRED', { key });
      expect(expired.body.data).toEqual([]);
      expect((await t.request('GET', '/domains?status=GONE', { key })).status).toBe(400);
      expect((await t.request('GET', '/domains?count=101', { key })).status).toBe(400);
      const other = await t.request('GET', '/domains', { key: otherKey });
      expect(other.body.data).toEqual([]);
    });
  });

  describe('authentication', () => {
    it('should answer 401 without a key and 403 without the domains scope', async () => {
      expect((await t.request('GET', '/domains')).status).toBe(401);
      const crmOnly = await t.key('dom-api-crm', 'SERVER', ['crm']);
      const res = await t.request('GET', '/domains', { key: crmOnly });
      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
    });
  });

  describe('webhooks', () => {
    it('should create, list and delete domains webhooks limited to domains events', async () => {
      const created = await t.request('POST', '/domains/webhooks', {
        key,
        body: { url: 'https://hooks.example.com/domains', events: ['domain.registered', 'dns.changed'] },
      });
      expect(created.status).toBe(201);
      const bad = await t.request('POST', '/domains/webhooks', {
        key,
        body: { url: 'https://hooks.example.com/x', events: ['email.sent'] },
      });
      expect(bad.status).toBe(400);
      const list = await t.request('GET', '/domains/webhooks', { key });
      expect(list.body.data.map((w: any) => w.id)).toEqual([created.body.data.id]);
      expect((await t.request('DELETE', `/domains/webhooks/${created.body.data.id}`, { key })).status).toBe(200);
      expect((await t.request('GET', '/domains/webhooks', { key })).body.data).toEqual([]);
    });
  });
});
