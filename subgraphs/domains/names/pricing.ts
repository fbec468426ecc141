import type { DomainsConfig } from '../domains-config.js';
import type { DomainName } from './domain-name.js';

/** What a name costs for one year of the given kind. Premium names have one price for every kind. */
export interface Quote {
  price: number;
  isPremium: boolean;
  currency: 'USD';
}

export function quote(config: DomainsConfig, name: DomainName, kind: 'register' | 'renew' | 'transfer'): Quote {
  const premium = config.premiumNames[name.ascii];
  if (premium !== undefined) return { price: premium, isPremium: true, currency: 'USD' };
  return { price: config.tlds[name.tld]![kind], isPremium: false, currency: 'USD' };
}

/** Money times years, in cents to keep two decimals exact. */
export const times = (price: number, years: number) => Math.round(price * 100 * years) / 100;
