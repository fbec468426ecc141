import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { Invitation } from '../entities/invitation.entity.js';
import { Member } from '../entities/member.entity.js';
import { User } from '../entities/user.entity.js';
import { UserStatus } from '../entities/user-status.js';
import { recordAudit } from '../audit/audit-trail.js';
import { checkNewPassword } from '../passwords/password-rules.js';
import { PolicyService } from '../security/policy.service.js';
import { EmailTokenService } from '../tokens/email-token.service.js';
import { normalizeEmail } from '../users/user.validate.js';
import type { AuthDeps } from '../auth-deps.js';
import { checkRole, OrganizationService } from './organization.service.js';
import type { InvitationAcceptance } from './organization.types.js';

const INVITATION_DAYS = 7;

/** Invitations: an email with a single-use token; accepting it creates (or finds) the user and the membership. */
export class InvitationService {
  private readonly organizations = new OrganizationService();
  private readonly tokens: EmailTokenService;
  private readonly policies = new PolicyService();

  constructor(private readonly deps: AuthDeps) {
    this.tokens = new EmailTokenService(deps);
  }

  async invite(
    em: EntityManager,
    organizationId: string,
    emailInput: unknown,
    roleInput: unknown,
    redirectUrl?: string | null,
  ): Promise<Invitation> {
    const org = await this.organizations.get(em, organizationId);
    const email = normalizeEmail(emailInput);
    const role = checkRole(roleInput);
    const now = this.deps.now();
    return em.transactional(async (tx) => {
      const id = newId('inv');
      const { tokenId } = await this.tokens.issue(tx, 'INVITATION', {
        userId: null,
        lifetimeMinutes: INVITATION_DAYS * 24 * 60,
        data: { invitationId: id },
        redirectUrl,
        email: {
          to: email,
          kind: 'auth.invitation',
          subject: `You are invited to join ${org.displayName ?? org.name}`,
          text: (token, link) =>
            `You have been invited to join ${org.displayName ?? org.name} as ${role.toLowerCase()}${link ? `: ${link}` : ''}.\n\nInvitation token: ${token}\n\nIt expires in ${INVITATION_DAYS} days.`,
        },
      });
      const invitation = tx.create(Invitation, {
        id,
        organizationId: undefined as never,
        authOrganizationId: org.id,
        email,
        role,
        status: 'PENDING',
        tokenId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
        createdAt: now,
      });
      await tx.flush();
      return invitation;
    });
  }

  async accept(em: EntityManager, token: unknown, password: unknown): Promise<InvitationAcceptance> {
    const policy = await this.policies.passwordPolicy(em);
    const now = this.deps.now();
    return em.transactional(async (tx) => {
      const row = await this.tokens.consume(tx, 'INVITATION', token);
      const invitation = await tx.findOne(Invitation, { id: String(row.data.invitationId) });
      if (!invitation || invitation.status !== 'PENDING')
        throw new DomainError('INVALID_TOKEN', 'The invitation is no longer valid', { field: 'token' });
      let user = await tx.findOne(User, { email: invitation.email, deletedAt: null });
      if (!user) {
        // The email proved the address: the new user starts verified.
        const hash =
          password === undefined || password === null
            ? null
            : await this.deps.hasher.hash(
                await checkNewPassword(password, policy, this.deps.breaches, invitation.email),
              );
        user = tx.create(User, {
          id: newId('user'),
          organizationId: undefined as never,
          email: invitation.email,
          emailVerified: true,
          status: UserStatus.ACTIVE,
          passwordHash: hash,
          passwordChangedAt: hash ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        await tx.flush();
        await recordAudit(
          tx,
          {
            type: 'user.created',
            userId: user.id,
            data: { email: user.email, status: user.status, invitationId: invitation.id },
          },
          now,
        );
      } else if (user.status === UserStatus.BLOCKED) {
        throw new DomainError('USER_BLOCKED', 'This account is blocked');
      }
      const member =
        (await tx.findOne(Member, { authOrganizationId: invitation.authOrganizationId, userId: user.id })) ??
        tx.create(Member, {
          id: newId('mem'),
          organizationId: undefined as never,
          authOrganizationId: invitation.authOrganizationId,
          userId: user.id,
          role: invitation.role,
          createdAt: now,
        });
      tx.assign(invitation, { status: 'ACCEPTED', acceptedAt: now });
      await tx.flush();
      return { invitation, member, user };
    });
  }
}
