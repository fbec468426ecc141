import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { IDP_CERT, IDP_KEY } from './saml-test-keys.js';

export const IDP_ENTITY_ID = 'https://idp.test/saml/metadata';
export const IDP_SSO_URL = 'https://idp.test/saml/sso';

/** What the platform's HTTP-Redirect AuthnRequest asked for. */
export interface AuthnRequest {
  id: string;
  issuer: string;
  acsUrl: string;
  destination: string;
  relayState: string;
}

/** Reads the SAMLRequest of the redirect to the IdP (deflated, base64). */
export function readAuthnRequest(location: string): AuthnRequest {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    destination: attr('Destination'),
    issuer: /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState') ?? '',
  };
}

export interface ResponseOptions {
  inResponseTo: string;
  /** Our ACS (Destination and Recipient). */
  acsUrl: string;
  /** The SP entity ID (Audience). */
  audience: string;
  nameId: string;
  attributes?: Record<string, string>;
  assertionId?: string;
  issuer?: string;
  /** Sign the assertion (default), the whole response, or nothing. */
  sign?: 'assertion' | 'response' | 'none';
  key?: string;
  cert?: string;
  /** Seconds from now for NotOnOrAfter (default 300); negative for an expired assertion. */
  validForSeconds?: number;
  destination?: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The assertion element (unsigned). */
export function assertionXml(o: ResponseOptions): string {
  const now = Date.now();
  const instant = new Date(now).toISOString();
  const until = new Date(now + (o.validForSeconds ?? 300) * 1000).toISOString();
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.assertionId ?? `_a${randomBytes(12).toString('hex')}`}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${escape(o.issuer ?? IDP_ENTITY_ID)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${o.inResponseTo}" NotOnOrAfter="${until}" Recipient="${escape(o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${new Date(now - 60_000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_s${randomBytes(6).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion>'
  );
}

function responseXml(o: ResponseOptions, assertion: string): string {
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escape(o.destination ?? o.acsUrl)}" InResponseTo="${o.inResponseTo}">` +
    `<saml:Issuer>${escape(o.issuer ?? IDP_ENTITY_ID)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`
  );
}

/** An enveloped XML-DSig signature (RSA-SHA256, exclusive c14n) over the element `localName`, after its Issuer. */
export function sign(xml: string, localName: 'Assertion' | 'Response', key = IDP_KEY, cert = IDP_CERT): string {
  const signer = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const target = `//*[local-name(.)='${localName}']`;
  signer.addReference({
    xpath: target,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signer.computeSignature(xml, { location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

/** A SAMLResponse as an IdP posts it (base64 of the XML). */
export function samlResponse(o: ResponseOptions): string {
  const mode = o.sign ?? 'assertion';
  const assertion = mode === 'assertion' ? sign(assertionXml(o), 'Assertion', o.key, o.cert) : assertionXml(o);
  const response = responseXml(o, assertion);
  return Buffer.from(mode === 'response' ? sign(response, 'Response', o.key, o.cert) : response).toString('base64');
}

/**
 * Signature wrapping: a genuine signed assertion (for `genuine`) is moved into the response's Extensions, and an
 * unsigned assertion of the attacker's choosing (`forged`) takes its place as the response's assertion.
 */
export function wrappedResponse(genuine: ResponseOptions, forged: ResponseOptions): string {
  const signed = sign(assertionXml(genuine), 'Assertion');
  const response = responseXml(forged, `<samlp:Extensions>${signed}</samlp:Extensions>${assertionXml(forged)}`);
  return Buffer.from(response).toString('base64');
}
