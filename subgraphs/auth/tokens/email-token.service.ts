import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { AuthToken, type TokenKind } from '../entities/auth-token.entity.js';
import type { AuthDeps } from '../auth-deps.js';
import { issueToken, parseToken, secretMatches } from '../shared/secret-token.js';

/** Where a token's email points: the customer's page, given per request, gets `?token=…` appended. */
export function linkWith(redirectUrl: string | null | undefined, token: string): string | null {
  if (redirectUrl === undefined || redirectUrl === null) return null;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    throw invalid('redirectUrl', redirectUrl, 'an absolute http(s) URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || redirectUrl.length > 2048)
    throw invalid('redirectUrl', redirectUrl, 'an absolute http(s) URL');
  url.searchParams.set('token', token);
  return url.toString();
}

export interface TokenEmail {
  to: string;
  kind: string;
  subject: string;
  /** Builds the text from the token (and the link when a redirectUrl was given). */
  text: (token: string, link: string | null) => string;
}

/** Single-use emailed tokens (verification, password reset, invitations), sent through the system-email port. */
export class EmailTokenService {
  constructor(private readonly deps: AuthDeps) {}

  /** Stores a token and queues its email in the caller's transaction; returns the token id and the message id. */
  async issue(
    tx: EntityManager,
    kind: TokenKind,
    options: {
      userId: string | null;
      lifetimeMinutes: number;
      data?: Record<string, unknown>;
      redirectUrl?: string | null;
      email: TokenEmail;
    },
  ) {
    const issued = issueToken('tok');
    const link = linkWith(options.redirectUrl, issued.token);
    const now = this.deps.now();
    tx.create(AuthToken, {
      id: issued.id,
      organizationId: undefined as never,
      kind,
      userId: options.userId,
      secretHash: issued.secretHash,
      data: options.data ?? {},
      expiresAt: new Date(now.getTime() + options.lifetimeMinutes * 60_000),
      createdAt: now,
    });
    await tx.flush();
    const sender = this.deps.ports().systemEmail;
    if (!sender) throw new DomainError('SERVICE_UNAVAILABLE', 'The email module is not available to send this email');
    const messageId = await sender.send(tx, {
      organizationId: tenantOf(tx),
      to: options.email.to,
      kind: options.email.kind,
      subject: options.email.subject,
      text: options.email.text(issued.token, link),
      // The stored copy must not hand the token to whoever can read the organization's emails (the link keeps its page).
      redact: [issued.token],
    });
    return { tokenId: issued.id, messageId };
  }

  /** Marks the token used, or throws INVALID_TOKEN (unknown, wrong secret, other kind, expired, already used). */
  async consume(tx: EntityManager, kind: TokenKind, token: unknown, field = 'token'): Promise<AuthToken> {
    const parsed = parseToken(token, 'tok');
    if (!parsed) throw new DomainError('INVALID_TOKEN', `The ${field} is not valid`, { field });
    const row = await tx.findOne(AuthToken, { id: parsed.id, kind });
    const now = this.deps.now();
    if (!row || !secretMatches(parsed.secret, Buffer.from(row.secretHash)) || row.usedAt || row.expiresAt <= now) {
      throw new DomainError('INVALID_TOKEN', `The ${field} is unknown, expired or already used`, { field });
    }
    // Conditional: of two concurrent uses, one wins.
    if ((await tx.nativeUpdate(AuthToken, { id: row.id, usedAt: null }, { usedAt: now })) !== 1) {
      throw new DomainError('INVALID_TOKEN', `The ${field} was already used`, { field });
    }
    return row;
  }

  /** Marks every unused token of `kind` of a user used: a password reset or change voids the older reset links. */
  async voidAll(tx: EntityManager, kind: TokenKind, userId: string): Promise<number> {
    return tx.nativeUpdate(AuthToken, { kind, userId, usedAt: null }, { usedAt: this.deps.now() });
  }
}
