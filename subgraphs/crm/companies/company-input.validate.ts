import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { validateCustomValues } from '../properties/property-values.validate.js';

export interface CompanyInput {
  name?: string | null;
  domain?: string | null;
  industry?: string | null;
  size?: string | null;
  plan?: string | null;
  website?: string | null;
  phone?: string | null;
  status?: string;
  properties?: Record<string, unknown>;
}

const TEXT = ['name', 'industry', 'size', 'plan', 'phone'] as const;
const ALLOWED = ['name', 'domain', 'industry', 'size', 'plan', 'website', 'phone', 'properties', 'status'];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The company input of document 3 part 2; domains are lowercased. */
export async function validateCompanyInput(em: EntityManager, body: unknown, full: boolean): Promise<CompanyInput> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', Array.isArray(body) ? 'array' : typeof body, 'object', 'The body must be a JSON object');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!ALLOWED.includes(key)) throw invalid(key, b[key], ALLOWED, `Unknown field "${key}"`);
  const out: CompanyInput = {};
  for (const key of TEXT) {
    if (!(key in b)) continue;
    if (b[key] !== null && (typeof b[key] !== 'string' || (b[key] as string).length > 500)) throw invalid(key, b[key], 'a string of at most 500 characters');
    out[key] = b[key] as string | null;
  }
  if ('domain' in b) {
    const domain = typeof b.domain === 'string' ? b.domain.trim().toLowerCase() : b.domain;
    if (domain !== null && (typeof domain !== 'string' || !DOMAIN.test(domain))) throw invalid('domain', b.domain, 'a domain name such as acme.com');
    out.domain = domain as string | null;
  }
  if ('website' in b) {
    if (b.website !== null && (typeof b.website !== 'string' || !/^https?:\/\/\S+$/.test(b.website) || b.website.length > 2048)) throw invalid('website', b.website, 'an http(s) URL');
    out.website = b.website as string | null;
  }
  if ('status' in b) {
    if (b.status !== 'ACTIVE' && b.status !== 'ARCHIVED') throw invalid('status', b.status, ['ACTIVE', 'ARCHIVED']);
    out.status = b.status;
  }
  if (full && !out.name && !out.domain) throw invalid('name', null, 'a name or a domain', 'A company needs a name or a domain');
  if ('properties' in b || full) out.properties = await validateCustomValues(em, 'COMPANY', b.properties, full);
  return out;
}
