import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { ApiKeysPort } from '../../../platform/organizations/api-keys.port.js';
import { PLANS } from '../../../platform/rate-limit/plans.js';
import type { CreatedPlatformKey, PlatformKeyList, PlatformOrganization } from './platform-key.types.js';
import type { CreatePlatformKeyInput } from './platform-key.input.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LIMIT = 100;
/** The plan's monthly quotas (apiRequests is a daily rate kept by the rate limiter, not counted here). */
const MONTHLY_QUOTAS = ['emails', 'sms', 'formSubmissions'] as const;

/**
 * The organization's own platform keys. A key may only hand out what it holds: every scope of a new key must be
 * one of the creating key's (`*` only from a `*` key), so a narrow key can never mint a wider one.
 */
export class PlatformKeyService {
  /** @param scopes every module's (the modules' manifests): a key may be limited to these. */
  constructor(
    private readonly keys: ApiKeysPort,
    private readonly scopes: readonly string[],
  ) {}

  async organization(em: EntityManager): Promise<PlatformOrganization> {
    const organization = await this.keys.organization(em);
    if (!organization) throw new DomainError('NOT_FOUND', 'Organization not found');
    const period = new Date().toISOString().slice(0, 7);
    const used = await this.keys.usage(em, period);
    const quotas = MONTHLY_QUOTAS.map((resource) => ({
      resource,
      used: used[resource] ?? 0,
      limit: PLANS[organization.plan].quotas[resource],
      period,
    }));
    return { ...organization, quotas };
  }

  async list(em: EntityManager, page: number, limit: number): Promise<PlatformKeyList> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw new DomainError('VALIDATION_ERROR', `limit must be 1 to ${MAX_LIMIT}`, { field: 'limit', received: limit });
    if (!Number.isInteger(page) || page < 1)
      throw new DomainError('VALIDATION_ERROR', 'page must be 1 or more', { field: 'page', received: page });
    const { rows, total } = await this.keys.listPlatformKeys(em, { limit, offset: (page - 1) * limit });
    return { data: rows, total };
  }

  async create(em: EntityManager, auth: Auth, input: CreatePlatformKeyInput): Promise<CreatedPlatformKey> {
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0)
      throw new DomainError('VALIDATION_ERROR', 'A key needs at least one scope', { field: 'scopes' });
    const unknown = scopes.filter((s) => s !== '*' && !this.scopes.includes(s));
    if (unknown.length)
      throw new DomainError('VALIDATION_ERROR', `Unknown scopes: ${unknown.join(', ')}`, {
        field: 'scopes',
        received: unknown,
        expected: ['*', ...this.scopes],
      });
    const wide = auth.scopes.includes('*');
    const beyond = scopes.filter((s) => !wide && !auth.scopes.includes(s));
    if (beyond.length)
      throw new DomainError('FORBIDDEN', `A key cannot grant scopes it does not hold: ${beyond.join(', ')}`, {
        field: 'scopes',
        received: beyond,
      });
    const name = input.name?.trim() || 'server key';
    if (name.length > 100)
      throw new DomainError('VALIDATION_ERROR', 'name is at most 100 characters', { field: 'name' });
    const key = 'sk_srv_' + randomBytes(24).toString('base64url');
    const record = await this.keys.create(em, {
      type: 'SERVER',
      scopes: scopes.includes('*') ? ['*'] : scopes,
      name,
      key,
    });
    return { key, apiKey: { ...record, type: 'SERVER', scopes: scopes.includes('*') ? ['*'] : scopes } };
  }

  async revoke(em: EntityManager, id: string): Promise<boolean> {
    if (!UUID.test(id) || !(await this.keys.revokePlatformKey(em, id)))
      throw new DomainError('NOT_FOUND', 'API key not found', { field: 'id', received: id });
    return true;
  }
}
