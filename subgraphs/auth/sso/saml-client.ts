import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';

/** A SAML connection as the service provider side sees it. */
export interface SamlSettings {
  /** Our entity ID for this connection (the audience the IdP must name). */
  spEntityId: string;
  /** Our assertion consumer service URL (the Destination and Recipient the IdP must name). */
  acsUrl: string;
  idpEntityId: string;
  ssoUrl: string;
  idpCertificate: string;
}

/** The identity a signed assertion proved. */
export interface SamlIdentity {
  assertionId: string;
  /** NameID: the IdP's id of the user. */
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  notOnOrAfter: Date | null;
  attributes: Record<string, unknown>;
}

/** Clock difference tolerated on NotBefore / NotOnOrAfter. */
const CLOCK_SKEW_MS = 60_000;

const FIRST_NAME = [
  'firstName',
  'givenName',
  'given_name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const LAST_NAME = [
  'lastName',
  'surname',
  'sn',
  'family_name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];
const EMAIL = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];

/**
 * A request-scoped cache for node-saml's InResponseTo check: it knows the one request id of the flow in hand, so a
 * response answering any other request (or none) is refused, wherever the request was made (no process memory).
 */
function oneRequest(expected: string | null, saved: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      saved(key);
      return { value, createdAt: Date.now() };
    },
    // node-saml reads the value as the request's creation time; the flow's own expiry (10 minutes) bounds its age.
    getAsync: async (key) => (expected !== null && key === expected ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function saml(settings: SamlSettings, cache: CacheProvider): SAML {
  return new SAML({
    entryPoint: settings.ssoUrl,
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    idpIssuer: settings.idpEntityId,
    idpCert: settings.idpCertificate,
    // A signature over the response or over the assertion (node-saml then reads only the signed part).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cache,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** SP-initiated SAML 2.0 by @node-saml/node-saml: HTTP-Redirect AuthnRequest, HTTP-POST response. */
export class SamlClient {
  /** The IdP URL with a deflated AuthnRequest, and the request's id (the response's InResponseTo must name it). */
  async authorizationUrl(settings: SamlSettings, relayState: string): Promise<{ url: string; requestId: string }> {
    let requestId: string | null = null;
    const url = await saml(
      settings,
      oneRequest(null, (id) => (requestId = id)),
    ).getAuthorizeUrlAsync(relayState, undefined, {});
    if (!requestId) throw new Error('node-saml made no request id');
    return { url, requestId };
  }

  /**
   * Checks a posted SAMLResponse: signature by the IdP certificate, issuer, audience, InResponseTo, validity window;
   * then Destination and Recipient against our ACS (node-saml leaves those to the caller). Throws with the reason.
   */
  async identity(settings: SamlSettings, requestId: string, samlResponse: string): Promise<SamlIdentity> {
    const { profile } = await saml(
      settings,
      oneRequest(requestId, () => undefined),
    ).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new Error('The SAML response holds no assertion');
    return identityOf(profile, settings);
  }

  /** Our SP metadata for the IdP administrator (entity ID, ACS with HTTP-POST). */
  metadata(settings: SamlSettings): string {
    return saml(
      settings,
      oneRequest(null, () => undefined),
    ).generateServiceProviderMetadata(null, null);
  }
}

function identityOf(profile: Profile, settings: SamlSettings): SamlIdentity {
  const assertion = (profile.getAssertion?.() as { Assertion?: SamlNode } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertion || !assertionId) throw new Error('The assertion has no ID');
  const response = profile.getSamlResponseXml?.() ?? '';
  const destination = /<(?:\w+:)?Response\b[^>]*\sDestination="([^"]*)"/.exec(response)?.[1];
  if (destination !== undefined && destination !== settings.acsUrl)
    throw new Error(`The response is for another Destination (${destination})`);
  const confirmations = assertion.Subject?.[0]?.SubjectConfirmation ?? [];
  const recipients = confirmations
    .map((c) => c.SubjectConfirmationData?.[0]?.$?.Recipient)
    .filter((r): r is string => typeof r === 'string');
  if (recipients.length > 0 && !recipients.includes(settings.acsUrl))
    throw new Error(`The assertion is for another Recipient (${recipients.join(', ')})`);
  if (profile.issuer !== settings.idpEntityId)
    throw new Error(`The assertion's issuer is ${profile.issuer ?? 'missing'}, not ${settings.idpEntityId}`);
  if (!profile.nameID) throw new Error('The assertion has no NameID');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const pick = (names: string[]) => {
    for (const name of names) {
      const value = attributes[name];
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first.length > 0) return first;
    }
    return null;
  };
  const notOnOrAfter = assertion.Conditions?.[0]?.$?.NotOnOrAfter;
  const nameIdIsEmail =
    profile.nameIDFormat === 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' ||
    /^[^@\s]+@[^@\s]+$/.test(profile.nameID);
  return {
    assertionId,
    subject: profile.nameID,
    email: pick(EMAIL) ?? (nameIdIsEmail ? profile.nameID : null),
    firstName: pick(FIRST_NAME),
    lastName: pick(LAST_NAME),
    notOnOrAfter: notOnOrAfter ? new Date(notOnOrAfter) : null,
    attributes,
  };
}

/** The xml2js shape node-saml hands back. */
interface SamlNode {
  $?: Record<string, string>;
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: Record<string, string> }[] }[] }[];
  Conditions?: { $?: Record<string, string> }[];
}
