/** Where a domain stands (docs/domains.md, "Domain states"). */
export const DOMAIN_STATUSES = ['ACTIVE', 'EXPIRED', 'TRANSFERRED_OUT'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Where a transfer-in stands. */
export const TRANSFER_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The four contact roles of a registration. */
export const CONTACT_TYPES = ['registrant', 'admin', 'tech', 'billing'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
