import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactSet } from '../entities/contact.js';

/** Who asks and when: the sandbox keeps its registry in the caller's transaction; a remote registrar ignores `em`. */
export interface RegistrarCall {
  em: EntityManager;
  organizationId: string;
  now: Date;
}

/** The registrar's answer for one name. */
export interface RegistrarAvailability {
  available: boolean;
  /** The registrar's own yearly price, when it quotes one (premium names). */
  price?: number;
  isPremium?: boolean;
}

export interface RegistrationOrder {
  domainName: string;
  years: number;
  nameservers: string[];
  contacts: ContactSet;
  locked: boolean;
  whoisPrivacy: boolean;
  autoRenew: boolean;
  /** What the customer agreed to pay (registrars refuse an order whose price moved). */
  price: number;
}

export interface RegistrarSettings {
  locked?: boolean;
  whoisPrivacy?: boolean;
  autoRenew?: boolean;
}

export type RegistrarTransferStatus =
  { status: 'PENDING' } | { status: 'COMPLETED'; expiresAt: Date } | { status: 'FAILED'; reason: string };

/**
 * What the domains module needs from a registrar. Two implementations, chosen by DOMAIN_REGISTRAR: the embedded sandbox
 * (state in PostgreSQL) and Name.com's API v4. Refusals are DomainErrors with the documented codes
 * (DOMAIN_UNAVAILABLE, INVALID_AUTH_CODE, TRANSFER_LOCKED); an unreachable registrar is REGISTRAR_UNAVAILABLE.
 */
export interface Registrar {
  readonly name: string;
  check(call: RegistrarCall, domainNames: string[]): Promise<Map<string, RegistrarAvailability>>;
  register(call: RegistrarCall, order: RegistrationOrder): Promise<{ expiresAt: Date }>;
  renew(call: RegistrarCall, domainName: string, years: number, price: number): Promise<{ expiresAt: Date }>;
  setNameservers(call: RegistrarCall, domainName: string, nameservers: string[]): Promise<void>;
  setContacts(call: RegistrarCall, domainName: string, contacts: ContactSet): Promise<void>;
  updateSettings(call: RegistrarCall, domainName: string, settings: RegistrarSettings): Promise<void>;
  authCode(call: RegistrarCall, domainName: string): Promise<string>;
  /** Starts a transfer in; answers when the registrar expects it to finish. */
  requestTransfer(
    call: RegistrarCall,
    request: { domainName: string; authCode: string; whoisPrivacy: boolean; price: number },
  ): Promise<{ completesAt: Date }>;
  /** Where a transfer in stands; the sandbox completes it here once its delay is over. */
  transferStatus(call: RegistrarCall, domainName: string, completesAt: Date): Promise<RegistrarTransferStatus>;
  cancelTransfer(call: RegistrarCall, domainName: string): Promise<void>;
}
