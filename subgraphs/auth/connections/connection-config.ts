import { X509Certificate } from 'node:crypto';
import { invalid } from '../../../platform/errors/domain-error.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { urlSyntaxProblem } from '../../../platform/net/url-guard.js';

export const CONNECTION_TYPES = ['OIDC', 'SAML'] as const;
export const PROVIDERS = [
  'OKTA',
  'AZURE_AD',
  'GOOGLE_WORKSPACE',
  'ONELOGIN',
  'PING_IDENTITY',
  'JUMPCLOUD',
  'AUTH0',
  'KEYCLOAK',
  'CUSTOM',
] as const;

const OIDC_FIELDS = ['issuerUrl', 'clientId', 'clientSecret'];
const SAML_FIELDS = ['idpEntityId', 'ssoUrl', 'idpCertificate'];

/** What the operator allows for identity provider URLs. */
export interface IdpUrlRules {
  /** WEBHOOK_ALLOW_PRIVATE: http on a loopback host is accepted too (a test identity provider on 127.0.0.1). */
  allowLoopbackHttp: boolean;
}

/** http://127.x, http://[::1] or http://localhost: the only plain-http identity provider URLs, and only when allowed. */
export function isLoopbackHttp(value: string): boolean {
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return url.protocol === 'http:' && (/^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === 'localhost');
  } catch {
    return false;
  }
}

/**
 * The URL guard's rules for identity provider URLs: https, no credentials, no fragment (an OIDC issuer no query
 * either). The issuer's address is checked by UrlGuard.check when saved and at every connection (discovery, JWKS,
 * token); browsers are sent to `ssoUrl`, which the platform never fetches.
 */
function idpUrl(field: string, value: unknown, allowQuery: boolean, rules: IdpUrlRules): string {
  if (typeof value !== 'string') throw invalid(field, value ?? null, 'an https URL');
  const parsed = urlSyntaxProblem(value, {
    httpsOnly: !(rules.allowLoopbackHttp && isLoopbackHttp(value)),
    allowQuery,
  });
  if ('problem' in parsed) throw invalid(field, value, parsed.problem);
  return value;
}

function text(field: string, value: unknown, max = 1024): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > max)
    throw invalid(field, value ?? null, `a non-empty string of at most ${max} characters`);
  return value.trim();
}

/** PEM, or bare base64 DER as IdP metadata carries it; must parse as an X.509 certificate that has not expired. */
export function parseCertificate(value: unknown, now: Date): X509Certificate {
  const field = 'config.idpCertificate';
  if (typeof value !== 'string' || value.length > 20_000)
    throw invalid(
      field,
      typeof value === 'string' ? `${value.length} characters` : (value ?? null),
      'a PEM X.509 certificate',
    );
  const pem = value.includes('-----BEGIN CERTIFICATE-----')
    ? value
    : `-----BEGIN CERTIFICATE-----\n${value.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw invalid(field, `${value.slice(0, 40)}…`, 'a PEM X.509 certificate');
  }
  if (new Date(cert.validTo) < now)
    throw invalid(field, `expired ${new Date(cert.validTo).toISOString()}`, 'a certificate that has not expired');
  return cert;
}

/** Stored config: OIDC clientSecret sealed (bound to the connection id); unknown keys refused. */
export function checkConfig(
  type: string,
  config: Record<string, unknown>,
  box: SecretBox,
  connectionId: string,
  now: Date,
  rules: IdpUrlRules,
  current?: Record<string, unknown>,
): Record<string, unknown> {
  const allowed = type === 'OIDC' ? OIDC_FIELDS : SAML_FIELDS;
  for (const key of Object.keys(config)) if (!allowed.includes(key)) throw invalid(`config.${key}`, key, allowed);
  const merged = { ...current, ...config };
  if (type === 'OIDC') {
    const secret = config.clientSecret !== undefined ? text('config.clientSecret', config.clientSecret) : undefined;
    if (secret === undefined && !current?.clientSecretSealed)
      throw invalid('config.clientSecret', null, 'the client secret of the IdP application');
    return {
      issuerUrl: idpUrl('config.issuerUrl', merged.issuerUrl, false, rules),
      clientId: text('config.clientId', merged.clientId),
      clientSecretSealed: secret !== undefined ? box.seal(secret, connectionId) : current!.clientSecretSealed,
    };
  }
  const cert = parseCertificate(merged.idpCertificate, now);
  return {
    idpEntityId: text('config.idpEntityId', merged.idpEntityId, 2048),
    ssoUrl: idpUrl('config.ssoUrl', merged.ssoUrl, true, rules),
    idpCertificate: cert.toString(),
  };
}

/** What callers see: never the client secret; SAML adds the certificate's subject, expiry and SHA-256 fingerprint. */
export function publicConfig(type: string, stored: Record<string, unknown>): Record<string, unknown> {
  if (type === 'OIDC')
    return {
      issuerUrl: stored.issuerUrl,
      clientId: stored.clientId,
      clientSecretSet: Boolean(stored.clientSecretSealed),
    };
  const cert = new X509Certificate(String(stored.idpCertificate));
  return {
    idpEntityId: stored.idpEntityId,
    ssoUrl: stored.ssoUrl,
    idpCertificate: stored.idpCertificate,
    certificate: {
      subject: cert.subject,
      validFrom: new Date(cert.validFrom).toISOString(),
      validTo: new Date(cert.validTo).toISOString(),
      fingerprint256: cert.fingerprint256,
    },
  };
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function checkDomains(domains: string[]): string[] {
  if (domains.length > 50) throw invalid('domains', `${domains.length} domains`, 'at most 50');
  return [
    ...new Set(
      domains.map((d, i) => {
        const domain = typeof d === 'string' ? d.trim().toLowerCase() : '';
        if (!DOMAIN.test(domain)) throw invalid(`domains[${i}]`, d, 'a domain name such as example.com');
        return domain;
      }),
    ),
  ];
}
