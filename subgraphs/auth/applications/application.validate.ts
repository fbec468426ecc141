import { invalid } from '../../../platform/errors/domain-error.js';
import type { ApplicationInput } from './application.types.js';

export const APPLICATION_TYPES = ['SPA', 'WEB', 'NATIVE', 'M2M'] as const;
export const GRANT_TYPES = ['AUTHORIZATION_CODE', 'REFRESH_TOKEN', 'CLIENT_CREDENTIALS', 'DEVICE_CODE'] as const;
/** Confidential clients hold a secret; SPA and NATIVE run on the user's device and cannot keep one (OAuth 2.1 public clients). */
export const CONFIDENTIAL = new Set(['WEB', 'M2M']);

const DEFAULT_GRANTS: Record<string, string[]> = {
  SPA: ['AUTHORIZATION_CODE', 'REFRESH_TOKEN'],
  WEB: ['AUTHORIZATION_CODE', 'REFRESH_TOKEN'],
  NATIVE: ['AUTHORIZATION_CODE', 'REFRESH_TOKEN'],
  M2M: ['CLIENT_CREDENTIALS'],
};

export interface ApplicationFields {
  name: string;
  type: string;
  redirectUris: string[];
  allowedOrigins: string[];
  grantTypes: string[];
}

/** The whole application after a create or a patch; every rule is checked on the result. */
export function validateApplication(input: ApplicationInput, current?: ApplicationFields): ApplicationFields {
  const type = current?.type ?? input.type;
  if (current && input.type !== undefined && input.type !== null && input.type !== current.type)
    throw invalid('type', input.type, current.type, 'type cannot change; create another application');
  if (typeof type !== 'string' || !(APPLICATION_TYPES as readonly string[]).includes(type))
    throw invalid('type', type ?? null, APPLICATION_TYPES);
  const name = (input.name ?? current?.name)?.trim();
  if (!name || name.length > 200) throw invalid('name', input.name ?? null, '1..200 characters');
  const grantTypes = unique(input.grantTypes ?? current?.grantTypes ?? DEFAULT_GRANTS[type]!);
  grantTypes.forEach((g, i) => {
    if (!(GRANT_TYPES as readonly string[]).includes(g)) throw invalid(`grantTypes[${i}]`, g, GRANT_TYPES);
  });
  if (grantTypes.includes('CLIENT_CREDENTIALS') && !CONFIDENTIAL.has(type))
    throw invalid('grantTypes', grantTypes, 'no CLIENT_CREDENTIALS for a public (SPA or NATIVE) client');
  if (type === 'M2M' && grantTypes.some((g) => g !== 'CLIENT_CREDENTIALS'))
    throw invalid('grantTypes', grantTypes, ['CLIENT_CREDENTIALS'], 'M2M applications use client credentials only');
  const redirectUris = unique(input.redirectUris ?? current?.redirectUris ?? []);
  redirectUris.forEach((uri, i) => checkRedirect(uri, type, `redirectUris[${i}]`));
  const allowedOrigins = unique(input.allowedOrigins ?? current?.allowedOrigins ?? []);
  allowedOrigins.forEach((origin, i) => checkOrigin(origin, `allowedOrigins[${i}]`));
  if (redirectUris.length > 50) throw invalid('redirectUris', `${redirectUris.length} URIs`, 'at most 50');
  if (allowedOrigins.length > 50) throw invalid('allowedOrigins', `${allowedOrigins.length} origins`, 'at most 50');
  return { name, type, redirectUris, allowedOrigins, grantTypes };
}

const unique = (values: string[]) => [...new Set(values)];

/** https anywhere; http only for localhost; NATIVE apps may use a private-use scheme (RFC 8252 §7.1). No fragments. */
function checkRedirect(uri: string, type: string, field: string) {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw invalid(field, uri, 'an absolute URI');
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  const ok =
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && local) ||
    (type === 'NATIVE' && /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol));
  if (!ok || url.hash || uri.length > 2048)
    throw invalid(
      field,
      uri,
      'https URI without a fragment (http only for localhost; NATIVE: reverse-domain scheme such as com.example.app:/cb)',
    );
}

function checkOrigin(origin: string, field: string) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw invalid(field, origin, 'an origin such as https://app.example.com');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin)
    throw invalid(field, origin, 'an origin such as https://app.example.com (scheme, host and port only)');
}
