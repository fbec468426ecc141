import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import { recordAudit } from '../audit/audit-trail.js';
import { checkNewPassword } from '../passwords/password-rules.js';
import { PolicyService } from '../security/policy.service.js';
import { revokeUserSessions } from '../sessions/session-revocation.js';
import { clip, type RequestInfo } from '../shared/request-info.js';
import { normalizeEmail } from '../users/user.validate.js';
import { UserService } from '../users/user.service.js';
import type { AuthDeps } from '../auth-deps.js';
import { EmailTokenService, linkWith } from './email-token.service.js';

const VERIFY_MINUTES = 24 * 60;
const RESET_MINUTES = 60;

/** Email verification, password reset and password change. */
export class AccountFlowsService {
  private readonly tokens: EmailTokenService;
  private readonly users: UserService;
  private readonly policies = new PolicyService();

  constructor(private readonly deps: AuthDeps) {
    this.tokens = new EmailTokenService(deps);
    this.users = new UserService(deps);
  }

  async sendVerification(
    em: EntityManager,
    userId: string,
    redirectUrl?: string | null,
  ): Promise<{ sent: boolean; messageId: string | null }> {
    const user = await this.users.get(em, userId);
    if (user.emailVerified)
      throw new DomainError('CONFLICT', 'The email address is already verified', { field: 'userId', received: userId });
    const { messageId } = await em.transactional((tx) =>
      this.tokens.issue(tx, 'EMAIL_VERIFICATION', {
        userId: user.id,
        lifetimeMinutes: VERIFY_MINUTES,
        redirectUrl,
        email: {
          to: user.email,
          kind: 'auth.email-verification',
          subject: 'Verify your email address',
          text: (token, link) =>
            `Verify your email address${link ? ` by opening ${link}` : ''}.\n\nVerification token: ${token}\n\nIt expires in 24 hours.`,
        },
      }),
    );
    return { sent: messageId !== null, messageId };
  }

  async verifyEmail(em: EntityManager, token: unknown, info?: RequestInfo | null): Promise<User> {
    const now = this.deps.now();
    return em.transactional(async (tx) => {
      const row = await this.tokens.consume(tx, 'EMAIL_VERIFICATION', token);
      const user = await tx.findOne(User, { id: row.userId!, deletedAt: null });
      if (!user) throw new DomainError('INVALID_TOKEN', 'The token belongs to a deleted user', { field: 'token' });
      tx.assign(user, {
        emailVerified: true,
        status: user.status === UserStatus.PENDING_VERIFICATION ? UserStatus.ACTIVE : user.status,
      });
      await tx.flush();
      await recordAudit(
        tx,
        { type: 'email.verified', userId: user.id, ...clip(info), data: { email: user.email } },
        now,
      );
      return user;
    });
  }

  /** Always answers the same, whether the address has an account or not (no enumeration). */
  async requestPasswordReset(
    em: EntityManager,
    emailInput: unknown,
    redirectUrl?: string | null,
    info?: RequestInfo | null,
  ): Promise<{ sent: boolean; messageId: string | null }> {
    const email = normalizeEmail(emailInput);
    const user = await em.findOne(User, { email, deletedAt: null });
    if (!user || user.status === UserStatus.BLOCKED) {
      linkWith(redirectUrl, 'x'); // the same validation either way
      return { sent: true, messageId: null };
    }
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      await this.tokens.issue(tx, 'PASSWORD_RESET', {
        userId: user.id,
        lifetimeMinutes: RESET_MINUTES,
        redirectUrl,
        email: {
          to: user.email,
          kind: 'auth.password-reset',
          subject: 'Reset your password',
          text: (token, link) =>
            `Someone asked to reset your password${link ? `; open ${link} to choose a new one` : ''}.\n\nReset token: ${token}\n\nIt expires in 1 hour. If it was not you, ignore this email.`,
        },
      });
      await recordAudit(tx, { type: 'password.reset_requested', userId: user.id, ...clip(info), data: { email } }, now);
    });
    return { sent: true, messageId: null };
  }

  /** Sets the new password, ends every session and clears the lockout (`password.reset`). */
  async resetPassword(em: EntityManager, token: unknown, password: unknown, info?: RequestInfo | null): Promise<User> {
    const policy = await this.policies.passwordPolicy(em);
    const now = this.deps.now();
    return em.transactional(async (tx) => {
      const row = await this.tokens.consume(tx, 'PASSWORD_RESET', token);
      const user = await tx.findOne(User, { id: row.userId!, deletedAt: null });
      if (!user) throw new DomainError('INVALID_TOKEN', 'The token belongs to a deleted user', { field: 'token' });
      const checked = await checkNewPassword(password, policy, this.deps.breaches, user.email);
      tx.assign(user, {
        passwordHash: await this.deps.hasher.hash(checked),
        passwordChangedAt: now,
        failedAttempts: 0,
        lockedUntil: null,
      });
      await tx.flush();
      await revokeUserSessions(tx, this.deps, user.id, now);
      await this.tokens.voidAll(tx, 'PASSWORD_RESET', user.id); // an older reset email stops working too
      await recordAudit(
        tx,
        { type: 'password.reset', userId: user.id, ...clip(info), data: { email: user.email } },
        now,
      );
      return user;
    });
  }

  /** An operator (or the customer's backend after its own re-authentication) sets a password: `password.changed`. */
  async changePassword(em: EntityManager, userId: string, password: unknown, info?: RequestInfo | null): Promise<User> {
    const user = await this.users.get(em, userId);
    const checked = await checkNewPassword(
      password,
      await this.policies.passwordPolicy(em),
      this.deps.breaches,
      user.email,
    );
    const hash = await this.deps.hasher.hash(checked);
    const now = this.deps.now();
    await em.transactional(async (tx) => {
      tx.assign(user, { passwordHash: hash, passwordChangedAt: now });
      await tx.flush();
      await revokeUserSessions(tx, this.deps, user.id, now);
      await this.tokens.voidAll(tx, 'PASSWORD_RESET', user.id); // a reset email sent before the change stops working
      await recordAudit(
        tx,
        { type: 'password.changed', userId: user.id, ...clip(info), data: { email: user.email } },
        now,
      );
    });
    return user;
  }
}
