import { DomainError } from '../../../platform/errors/domain-error.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import type { ContactSet } from '../entities/contact.js';
import { newAuthCode, sameAuthCode } from './auth-code.js';
import type {
  Registrar,
  RegistrarAvailability,
  RegistrarCall,
  RegistrarSettings,
  RegistrarTransferStatus,
  RegistrationOrder,
} from './registrar.port.js';

const WHY = 'sandbox registrar: its registry holds every name registered through it, whichever organization holds it';

interface RegistryRow {
  domain_name: string;
  organization_id: string;
  expires_at: Date;
  auth_code: string;
  locked: boolean;
}

const addYears = (from: Date, years: number) => {
  const at = new Date(from);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at;
};

/**
 * The embedded registrar (the default): a registry table in PostgreSQL, written in the caller's transaction.
 * Deterministic for tests and demos: a name is unavailable when it is in the registry (held on this platform) or
 * contains `taken` (held at another registrar); those outside names transfer in with any code of 8+ characters
 * except one containing `invalid`, and refuse with TRANSFER_LOCKED when they contain `locked`.
 */
export class SandboxRegistrar implements Registrar {
  readonly name = 'sandbox';

  constructor(private readonly options: { transferDelayMs: number }) {}

  async check(call: RegistrarCall, domainNames: string[]): Promise<Map<string, RegistrarAvailability>> {
    const held = await crossTenantSql(call.em, WHY).rows<{ domain_name: string }>(
      sql`select domain_name from domains.sandbox_registry where domain_name in (select jsonb_array_elements_text(${JSON.stringify(domainNames)}::jsonb))`,
    );
    const taken = new Set(held.map((r) => r.domain_name));
    return new Map(domainNames.map((name) => [name, { available: !taken.has(name) && !heldElsewhere(name) }]));
  }

  async register(call: RegistrarCall, order: RegistrationOrder): Promise<{ expiresAt: Date }> {
    if (heldElsewhere(order.domainName)) throw unavailable(order.domainName);
    const expiresAt = addYears(call.now, order.years);
    const inserted = await crossTenantSql(call.em, WHY).run(sql`
      insert into domains.sandbox_registry (domain_name, organization_id, expires_at, auth_code, locked, nameservers, contacts, updated_at)
      values (${order.domainName}, ${call.organizationId}, ${expiresAt}, ${newAuthCode()}, ${order.locked}, ${JSON.stringify(order.nameservers)}::jsonb, ${JSON.stringify(order.contacts)}::jsonb, ${call.now})
      on conflict (domain_name) do nothing`);
    if (inserted === 0) throw unavailable(order.domainName);
    return { expiresAt };
  }

  async renew(call: RegistrarCall, domainName: string, years: number): Promise<{ expiresAt: Date }> {
    const row = await this.own(call, domainName);
    const expiresAt = addYears(new Date(Math.max(new Date(row.expires_at).getTime(), call.now.getTime())), years);
    await crossTenantSql(call.em, WHY).run(
      sql`update domains.sandbox_registry set expires_at = ${expiresAt}, updated_at = ${call.now} where domain_name = ${domainName}`,
    );
    return { expiresAt };
  }

  async setNameservers(call: RegistrarCall, domainName: string, nameservers: string[]): Promise<void> {
    await this.own(call, domainName);
    await crossTenantSql(call.em, WHY).run(
      sql`update domains.sandbox_registry set nameservers = ${JSON.stringify(nameservers)}::jsonb, updated_at = ${call.now} where domain_name = ${domainName}`,
    );
  }

  async setContacts(call: RegistrarCall, domainName: string, contacts: ContactSet): Promise<void> {
    await this.own(call, domainName);
    await crossTenantSql(call.em, WHY).run(
      sql`update domains.sandbox_registry set contacts = ${JSON.stringify(contacts)}::jsonb, updated_at = ${call.now} where domain_name = ${domainName}`,
    );
  }

  async updateSettings(call: RegistrarCall, domainName: string, settings: RegistrarSettings): Promise<void> {
    await this.own(call, domainName);
    if (settings.locked !== undefined) {
      await crossTenantSql(call.em, WHY).run(
        sql`update domains.sandbox_registry set locked = ${settings.locked}, updated_at = ${call.now} where domain_name = ${domainName}`,
      );
    }
  }

  async authCode(call: RegistrarCall, domainName: string): Promise<string> {
    return (await this.own(call, domainName)).auth_code;
  }

  async requestTransfer(
    call: RegistrarCall,
    request: { domainName: string; authCode: string },
  ): Promise<{ completesAt: Date }> {
    const [row] = await crossTenantSql(call.em, WHY).rows<RegistryRow>(
      sql`select * from domains.sandbox_registry where domain_name = ${request.domainName}`,
    );
    if (row) {
      if (row.organization_id === call.organizationId)
        throw new DomainError('CONFLICT', `${request.domainName} is already yours`);
      if (row.locked) throw transferLocked(request.domainName);
      if (!sameAuthCode(row.auth_code, request.authCode)) throw invalidAuthCode();
    } else {
      if (!heldElsewhere(request.domainName))
        throw new DomainError('NOT_FOUND', `${request.domainName} is not registered anywhere; register it instead`);
      if (request.domainName.includes('locked')) throw transferLocked(request.domainName);
      if (request.authCode.length < 8 || request.authCode.toLowerCase().includes('invalid')) throw invalidAuthCode();
    }
    return { completesAt: new Date(call.now.getTime() + this.options.transferDelayMs) };
  }

  async transferStatus(call: RegistrarCall, domainName: string, completesAt: Date): Promise<RegistrarTransferStatus> {
    if (call.now.getTime() < completesAt.getTime()) return { status: 'PENDING' };
    const db = crossTenantSql(call.em, WHY);
    // A transfer adds a year to the registration (as registries do), counted from the later of expiry and now.
    const moved = await db.rows<{ expires_at: Date }>(sql`
      update domains.sandbox_registry
      set organization_id = ${call.organizationId}, auth_code = ${newAuthCode()}, locked = false,
          expires_at = greatest(expires_at, ${call.now}::timestamptz) + interval '1 year', updated_at = ${call.now}
      where domain_name = ${domainName} returning expires_at`);
    if (moved[0]) return { status: 'COMPLETED', expiresAt: new Date(moved[0].expires_at) };
    const expiresAt = addYears(call.now, 1);
    await db.run(sql`
      insert into domains.sandbox_registry (domain_name, organization_id, expires_at, auth_code, locked, nameservers, updated_at)
      values (${domainName}, ${call.organizationId}, ${expiresAt}, ${newAuthCode()}, false, '[]'::jsonb, ${call.now})`);
    return { status: 'COMPLETED', expiresAt };
  }

  async cancelTransfer(): Promise<void> {
    // Nothing is held at the sandbox until a transfer completes.
  }

  /** The registry row of a name the caller holds; a name held by someone else is not found. */
  private async own(call: RegistrarCall, domainName: string): Promise<RegistryRow> {
    const [row] = await crossTenantSql(call.em, WHY).rows<RegistryRow>(
      sql`select * from domains.sandbox_registry where domain_name = ${domainName} for update`,
    );
    if (!row || row.organization_id !== call.organizationId) throw new DomainError('NOT_FOUND', 'Domain not found');
    return row;
  }
}

/** Names the sandbox pretends another registrar holds. */
const heldElsewhere = (domainName: string) => domainName.includes('taken');

const unavailable = (domainName: string) =>
  new DomainError('DOMAIN_UNAVAILABLE', `${domainName} is not available`, { domainName });
const transferLocked = (domainName: string) =>
  new DomainError('TRANSFER_LOCKED', `${domainName} is locked at its registrar; the holder must unlock it first`, {
    domainName,
  });
const invalidAuthCode = () =>
  new DomainError('INVALID_AUTH_CODE', 'The authorization code does not match', { field: 'authCode' });
