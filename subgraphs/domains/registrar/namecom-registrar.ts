import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { ContactData, ContactSet } from '../entities/contact.js';
import type {
  Registrar,
  RegistrarAvailability,
  RegistrarCall,
  RegistrarSettings,
  RegistrarTransferStatus,
  RegistrationOrder,
} from './registrar.port.js';

const TIMEOUT_MS = 15_000;

export interface NameComOptions {
  /** `https://api.name.com` (production) or `https://api.dev.name.com` (their test environment). */
  baseUrl: string;
  username: string;
  token: string;
}

/** Name.com's contact object (API v4). */
interface NameComContact {
  firstName: string;
  lastName: string;
  companyName?: string;
  address1: string;
  city: string;
  state?: string;
  zip: string;
  country: string;
  email: string;
  phone: string;
}

/**
 * Name.com's documented HTTP API v4 (JSON over HTTPS, HTTP basic auth with the account's user name and API token).
 * Paths used: `POST /v4/domains:checkAvailability`, `POST /v4/domains`, `POST /v4/domains/{name}:renew`,
 * `:setNameservers`, `:setContacts`, `:lock`/`:unlock`, `:enableWhoisPrivacy`/`:disableWhoisPrivacy`,
 * `:enableAutorenew`/`:disableAutorenew`, `GET /v4/domains/{name}:getAuthCode`, `POST /v4/transfers`,
 * `GET /v4/transfers/{name}`, `POST /v4/transfers/{name}:cancel`.
 */
export class NameComRegistrar implements Registrar {
  readonly name = 'namecom';
  private readonly authorization: string;

  constructor(private readonly options: NameComOptions) {
    this.authorization = 'Basic ' + Buffer.from(`${options.username}:${options.token}`).toString('base64');
  }

  async check(_call: RegistrarCall, domainNames: string[]): Promise<Map<string, RegistrarAvailability>> {
    const body = await this.call<{
      results?: { domainName: string; purchasable?: boolean; premium?: boolean; purchasePrice?: number }[];
    }>('POST', '/v4/domains:checkAvailability', { domainNames });
    const results = new Map((body.results ?? []).map((r) => [r.domainName.toLowerCase(), r]));
    return new Map(
      domainNames.map((name) => {
        const r = results.get(name);
        return [name, { available: r?.purchasable === true, price: r?.purchasePrice, isPremium: r?.premium === true }];
      }),
    );
  }

  async register(_call: RegistrarCall, order: RegistrationOrder): Promise<{ expiresAt: Date }> {
    const body = await this.call<{ domain?: { expireDate?: string } }>(
      'POST',
      '/v4/domains',
      {
        domain: {
          domainName: order.domainName,
          nameservers: order.nameservers,
          contacts: contactsOut(order.contacts),
          privacyEnabled: order.whoisPrivacy,
          locked: order.locked,
          autorenewEnabled: order.autoRenew,
        },
        purchasePrice: order.price,
        years: order.years,
      },
      'register',
    );
    return { expiresAt: dateOf(body.domain?.expireDate) };
  }

  async renew(_call: RegistrarCall, domainName: string, years: number, price: number): Promise<{ expiresAt: Date }> {
    const body = await this.call<{ domain?: { expireDate?: string } }>(
      'POST',
      `/v4/domains/${encodeURIComponent(domainName)}:renew`,
      { years, purchasePrice: price },
    );
    return { expiresAt: dateOf(body.domain?.expireDate) };
  }

  async setNameservers(_call: RegistrarCall, domainName: string, nameservers: string[]): Promise<void> {
    await this.call('POST', `/v4/domains/${encodeURIComponent(domainName)}:setNameservers`, { nameservers });
  }

  async setContacts(_call: RegistrarCall, domainName: string, contacts: ContactSet): Promise<void> {
    await this.call('POST', `/v4/domains/${encodeURIComponent(domainName)}:setContacts`, {
      contacts: contactsOut(contacts),
    });
  }

  async updateSettings(_call: RegistrarCall, domainName: string, settings: RegistrarSettings): Promise<void> {
    const path = `/v4/domains/${encodeURIComponent(domainName)}`;
    if (settings.locked !== undefined) await this.call('POST', `${path}:${settings.locked ? 'lock' : 'unlock'}`, {});
    if (settings.whoisPrivacy !== undefined)
      await this.call('POST', `${path}:${settings.whoisPrivacy ? 'enableWhoisPrivacy' : 'disableWhoisPrivacy'}`, {});
    if (settings.autoRenew !== undefined)
      await this.call('POST', `${path}:${settings.autoRenew ? 'enableAutorenew' : 'disableAutorenew'}`, {});
  }

  async authCode(_call: RegistrarCall, domainName: string): Promise<string> {
    const body = await this.call<{ authCode?: string }>(
      'GET',
      `/v4/domains/${encodeURIComponent(domainName)}:getAuthCode`,
    );
    if (typeof body.authCode !== 'string') throw unavailable('no authCode in the answer');
    return body.authCode;
  }

  async requestTransfer(
    call: RegistrarCall,
    request: { domainName: string; authCode: string; whoisPrivacy: boolean; price: number },
  ): Promise<{ completesAt: Date }> {
    await this.call(
      'POST',
      '/v4/transfers',
      {
        domainName: request.domainName,
        authCode: request.authCode,
        privacyEnabled: request.whoisPrivacy,
        purchasePrice: request.price,
      },
      'transfer',
    );
    // Registries take up to five days; the status is polled until then.
    return { completesAt: new Date(call.now.getTime() + 15 * 60_000) };
  }

  async transferStatus(call: RegistrarCall, domainName: string): Promise<RegistrarTransferStatus> {
    const body = await this.call<{ status?: string }>('GET', `/v4/transfers/${encodeURIComponent(domainName)}`);
    const status = (body.status ?? '').toLowerCase();
    if (status === 'completed') {
      const domain = await this.call<{ expireDate?: string }>('GET', `/v4/domains/${encodeURIComponent(domainName)}`);
      return {
        status: 'COMPLETED',
        expiresAt: domain.expireDate ? dateOf(domain.expireDate) : new Date(call.now.getTime() + 365 * 86_400_000),
      };
    }
    if (['failed', 'canceled', 'cancelled', 'rejected'].includes(status))
      return { status: 'FAILED', reason: `registrar reports ${status}` };
    return { status: 'PENDING' };
  }

  async cancelTransfer(_call: RegistrarCall, domainName: string): Promise<void> {
    await this.call('POST', `/v4/transfers/${encodeURIComponent(domainName)}:cancel`, {});
  }

  /** One request; registrar refusals become the module's codes, anything else REGISTRAR_UNAVAILABLE. */
  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    intent?: 'register' | 'transfer',
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.options.baseUrl + path, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable((error as Error).message);
    }
    const json = (await response.json().catch(() => ({}))) as T & { message?: string; details?: string };
    if (response.ok) return json;
    const message =
      `${json.message ?? ''} ${json.details ?? ''}`.trim().slice(0, 300) || `registrar answered ${response.status}`;
    if (response.status === 404) throw new DomainError('NOT_FOUND', 'Domain not found at the registrar');
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      if (intent === 'transfer' && /lock/i.test(message)) throw new DomainError('TRANSFER_LOCKED', message);
      if (intent === 'transfer' && /auth/i.test(message))
        throw new DomainError('INVALID_AUTH_CODE', message, { field: 'authCode' });
      if (intent === 'register') throw new DomainError('DOMAIN_UNAVAILABLE', message);
      throw new DomainError('INVALID_REQUEST', message);
    }
    throw unavailable(message);
  }
}

const unavailable = (reason: string) =>
  new DomainError('REGISTRAR_UNAVAILABLE', `The registrar could not be reached: ${reason}`);

function dateOf(value: string | undefined): Date {
  const at = value ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw unavailable('no expireDate in the answer');
  return at;
}

/** Name.com writes phone numbers as `+<country code>.<number>`. */
function contactOut(c: ContactData): NameComContact {
  const phone = parsePhoneNumberFromString(c.phone);
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    ...(c.organization ? { companyName: c.organization } : {}),
    address1: c.address,
    city: c.city,
    ...(c.state ? { state: c.state } : {}),
    zip: c.postalCode,
    country: c.country,
    email: c.email,
    phone: phone ? `+${phone.countryCallingCode}.${phone.nationalNumber}` : c.phone,
  };
}

const contactsOut = (set: ContactSet) => ({
  registrant: contactOut(set.registrant),
  admin: contactOut(set.admin),
  tech: contactOut(set.tech),
  billing: contactOut(set.billing),
});
