import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { TRANSFER_JOB } from '../../../subgraphs/domains/transfers/transfer.service.js';
import { REGISTRANT, sqlRows } from './helpers/domain-fixtures.js';

const USER = 'acme-reseller';
const TOKEN = 'namecom-api-token-for-tests';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: any;
}

/** A loopback stand-in for Name.com's API v4: its paths, JSON bodies and basic auth; state in memory. */
function fakeNameCom() {
  const seen: Seen[] = [];
  const domains = new Map<string, { expireDate: string; locked: boolean; nameservers: string[] }>();
  const transfers = new Map<string, string>();
  let failNext = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const path = decodeURIComponent(req.url ?? '');
      seen.push({ method: req.method!, path, authorization: req.headers.authorization, body });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.headers.authorization !== 'Basic ' + Buffer.from(`${USER}:${TOKEN}`).toString('base64'))
        return send(401, { message: 'Unauthorized' });
      if (failNext) {
        failNext = false;
        return send(503, { message: 'Service Unavailable' });
      }
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/v4/domains:checkAvailability') {
        return send(200, {
          results: body.domainNames.map((d: string) => ({
            domainName: d,
            purchasable: !d.includes('taken') && !domains.has(d),
            ...(d.startsWith('vip') ? { premium: true, purchasePrice: 999 } : { purchasePrice: 12.99 }),
          })),
        });
      }
      if (req.method === 'POST' && path === '/v4/domains') {
        const name = body.domain.domainName;
        if (domains.has(name)) return send(400, { message: 'Domain is not available' });
        const expireDate = new Date(Date.UTC(2031, 0, 1)).toISOString();
        domains.set(name, { expireDate, locked: body.domain.locked, nameservers: body.domain.nameservers });
        return send(200, {
          domain: { domainName: name, expireDate, locked: body.domain.locked },
          order: 1,
          totalPaid: body.purchasePrice * body.years,
        });
      }
      if ((m = /^\/v4\/domains\/([^:/]+):renew$/.exec(path)) && req.method === 'POST') {
        const d = domains.get(m[1]!)!;
        d.expireDate = new Date(Date.UTC(2031 + body.years, 0, 1)).toISOString();
        return send(200, { domain: { domainName: m[1], expireDate: d.expireDate } });
      }
      if (/^\/v4\/domains\/([^:/]+):getAuthCode$/.test(path) && req.method === 'GET')
        return send(200, { authCode: 'NameCom-Code-1!' });
      if (
        (m =
          /^\/v4\/domains\/([^:/]+):(setNameservers|setContacts|lock|unlock|enableWhoisPrivacy|disableWhoisPrivacy|enableAutorenew|disableAutorenew)$/.exec(
            path,
          ))
      ) {
        return send(200, { domain: { domainName: m[1] } });
      }
      if (req.method === 'POST' && path === '/v4/transfers') {
        if (body.authCode !== 'Right-Code-42')
          return send(400, { message: 'Invalid request', details: 'The auth code is incorrect' });
        transfers.set(body.domainName, 'pending');
        return send(200, {
          transfer: { domainName: body.domainName, status: 'pending' },
          order: 2,
          totalPaid: body.purchasePrice,
        });
      }
      if ((m = /^\/v4\/transfers\/([^:/]+)$/.exec(path)) && req.method === 'GET')
        return send(200, { domainName: m[1], status: transfers.get(m[1]!) });
      if ((m = /^\/v4\/domains\/([^:/]+)$/.exec(path)) && req.method === 'GET')
        return send(200, { domainName: m[1], expireDate: '2032-06-01T00:00:00Z' });
      return send(404, { message: 'Not Found' });
    });
  });
  return { server, seen, transfers, failOnce: () => (failNext = true) };
}

describe('Name.com API v4 registrar adapter (against a local stand-in)', () => {
  let t: TestPlatform;
  let key: string;
  const namecom = fakeNameCom();
  const calls = (path: RegExp) => namecom.seen.filter((s) => path.test(s.path));

  beforeAll(async () => {
    await new Promise<void>((resolve) => namecom.server.listen(0, '127.0.0.1', resolve));
    const port = (namecom.server.address() as AddressInfo).port;
    t = await startTestPlatform(
      {
        DOMAIN_REGISTRAR: 'namecom',
        NAMECOM_URL: `http://127.0.0.1:${port}`,
        NAMECOM_USERNAME: USER,
        NAMECOM_TOKEN: TOKEN,
      },
      { modules: [domainsModule({ dns: false })] },
    );
    key = await t.key('namecom');
  });
  afterAll(async () => {
    await t.stop();
    namecom.server.close();
  });

  it("should check availability with the registrar's prices", async () => {
    const res = await t.request('GET', '/domains/search?query=vipcars&tlds=com', { key });
    expect(res.body.data.available).toContainEqual({ domain: 'vipcars.com', price: 999, isPremium: true });
    const taken = await t.request('GET', '/domains/availability?domain=taken-name.com', { key });
    expect(taken.body.data.available).toBe(false);
    expect(calls(/checkAvailability/)[0]!.authorization).toBe(
      'Basic ' + Buffer.from(`${USER}:${TOKEN}`).toString('base64'),
    );
  });

  it('should register, renew and manage a domain through the documented calls', async () => {
    const res = await t.request('POST', '/domains/register', {
      key,
      body: { domainName: 'through-namecom.com', years: 2, registrant: REGISTRANT },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.expiresAt).toBe('2031-01-01T00:00:00.000Z');
    const order = calls(/^\/v4\/domains$/)[0]!.body;
    expect(order).toMatchObject({
      years: 2,
      purchasePrice: 12.99,
      domain: { domainName: 'through-namecom.com', locked: true, privacyEnabled: true, autorenewEnabled: true },
    });
    expect(order.domain.contacts.registrant).toMatchObject({
      firstName: 'Ada',
      address1: '1 Analytical Way',
      zip: '94105',
      country: 'US',
      phone: '+1.4155550100',
      email: 'ada@example.com',
    });
    const renewed = await t.request('POST', '/domains/through-namecom.com/renew', { key, body: { years: 1 } });
    expect(renewed.body.data.expiresAt).toBe('2032-01-01T00:00:00.000Z');
    await t.request('PATCH', '/domains/through-namecom.com/settings', {
      key,
      body: { registrarLock: false, whoisPrivacy: false },
    });
    expect(namecom.seen.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        '/v4/domains/through-namecom.com:unlock',
        '/v4/domains/through-namecom.com:disableWhoisPrivacy',
      ]),
    );
    await t.request('PUT', '/domains/through-namecom.com/nameservers', {
      key,
      body: { nameservers: ['ns1.example.net', 'ns2.example.net'] },
    });
    expect(calls(/:setNameservers$/).at(-1)!.body).toEqual({ nameservers: ['ns1.example.net', 'ns2.example.net'] });
    expect((await t.request('GET', '/domains/through-namecom.com/auth-code', { key })).body.data.authCode).toBe(
      'NameCom-Code-1!',
    );
  });

  it('should map a refused auth code to INVALID_AUTH_CODE and an unreachable registrar to a 5xx, changing nothing', async () => {
    const wrong = await t.request('POST', '/domains/transfer', {
      key,
      body: { domainName: 'coming-over.com', authCode: 'nope-nope', registrant: REGISTRANT },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'INVALID_AUTH_CODE']);
    namecom.failOnce();
    const down = await t.request('POST', '/domains/register', {
      key,
      body: { domainName: 'while-down.com', registrant: REGISTRANT },
    });
    expect([down.status, down.body.success, down.body.error.code]).toEqual([502, false, 'REGISTRAR_UNAVAILABLE']);
    expect(await sqlRows(t, `select * from domains.domains where domain_name = 'while-down.com'`)).toEqual([]);
  });

  it('should poll a transfer until the registrar reports it completed', async () => {
    const started = await t.request('POST', '/domains/transfer', {
      key,
      body: { domainName: 'coming-over.com', authCode: 'Right-Code-42', registrant: REGISTRANT },
    });
    expect(started.status).toBe(202);
    expect(calls(/^\/v4\/transfers$/).at(-1)!.body).toMatchObject({
      domainName: 'coming-over.com',
      authCode: 'Right-Code-42',
      privacyEnabled: true,
    });
    const [{ organization_id: organizationId }] = await sqlRows(
      t,
      'select organization_id from domains.transfers where id = ?',
      [started.body.data.id],
    );
    await t.platform.jobs.agenda.now(TRANSFER_JOB, { organizationId, transferId: started.body.data.id });
    await eventually(async () => calls(/^\/v4\/transfers\/coming-over\.com$/).length > 0);
    expect((await t.request('GET', `/domains/transfers/${started.body.data.id}`, { key })).body.data.status).toBe(
      'PENDING',
    );
    namecom.transfers.set('coming-over.com', 'completed');
    await t.platform.jobs.agenda.now(TRANSFER_JOB, { organizationId, transferId: started.body.data.id });
    await eventually(
      async () =>
        (await t.request('GET', `/domains/transfers/${started.body.data.id}`, { key })).body.data.status ===
        'COMPLETED',
    );
    expect((await t.request('GET', '/domains/coming-over.com', { key })).body.data).toMatchObject({
      status: 'ACTIVE',
      expiresAt: '2032-06-01T00:00:00.000Z',
    });
  });
});
