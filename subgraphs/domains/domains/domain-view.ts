import type { Domain } from '../entities/domain.entity.js';
import type { ContactData } from '../entities/contact.js';
import type { ContactInput } from '../shared/contact.types.js';
import type { DomainView } from './domain.types.js';

export function domainView(d: Domain): DomainView {
  return {
    id: d.id,
    domainName: d.domainName,
    unicodeName: d.unicodeName,
    tld: d.tld,
    status: d.status,
    registeredAt: new Date(d.registeredAt),
    expiresAt: new Date(d.expiresAt),
    autoRenew: d.autoRenew,
    whoisPrivacy: d.whoisPrivacy,
    registrarLock: d.registrarLock,
    nameservers: d.nameservers,
    dnssec: d.dnssecEnabled,
    createdAt: new Date(d.createdAt),
    updatedAt: new Date(d.updatedAt),
  };
}

/** A contact as stored: trimmed, email in lower case, country in upper case. */
export function contactData(input: ContactInput): ContactData {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    organization: input.organization?.trim() || null,
    email: input.email.trim().toLowerCase(),
    phone: input.phone,
    address: input.address.trim(),
    city: input.city.trim(),
    state: input.state?.trim() || null,
    postalCode: input.postalCode.trim(),
    country: input.country.toUpperCase(),
  };
}
