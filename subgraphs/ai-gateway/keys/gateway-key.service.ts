import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { parseDateFilter } from '../../../platform/graphql/date-range.js';
import type { ApiKeyRecord } from '../../../platform/organizations/api-keys.port.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { GatewayKeyMeta } from '../entities/gateway-key-meta.entity.js';
import { GATEWAY_KEY_PREFIX } from '../http/gateway-request.js';
import type { AiDeleted } from '../credentials/provider-credential.types.js';
import type {
  AiGatewayKey,
  AiGatewayKeyCreated,
  AiGatewayKeyInput,
  AiGatewayKeyLimitsInput,
} from './gateway-key.types.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Gateway keys are platform API keys of type GATEWAY with the `ai` scope (platform.api_keys, hashed, reached
 * through the ApiKeys port); the gateway keeps their optional expiry beside them. Always the context's organization.
 */
export class GatewayKeyService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async create(em: EntityManager, input: AiGatewayKeyInput): Promise<AiGatewayKeyCreated> {
    const name = input.name?.trim() || 'gateway key';
    if (name.length > 200) throw invalid('name', name.length, 'at most 200 characters');
    const expiresAt = parseDateFilter('expiresAt', input.expiresAt) ?? null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw invalid('expiresAt', input.expiresAt, 'a time in the future');
    const key = GATEWAY_KEY_PREFIX + randomBytes(24).toString('base64url');
    return em.transactional(async (tx) => {
      const row = await this.deps.apiKeys.create(tx, { type: 'GATEWAY', scopes: ['ai'], name, key });
      tx.create(GatewayKeyMeta, { keyId: row.id, organizationId: tenantOf(tx), expiresAt });
      await tx.flush();
      return { ...view(row, null), expiresAt, key };
    });
  }

  async list(em: EntityManager): Promise<AiGatewayKey[]> {
    const rows = await this.deps.apiKeys.list(em, 'GATEWAY');
    const metas = new Map((await em.find(GatewayKeyMeta, {})).map((m) => [m.keyId, m]));
    return rows.map((r) => view(r, metas.get(r.id) ?? null));
  }

  /** Sets the key's model allow-list and per-minute limits (absent: unchanged, null: removed). */
  async update(em: EntityManager, id: string, input: AiGatewayKeyLimitsInput): Promise<AiGatewayKey> {
    const meta = UUID.test(id) ? await em.findOne(GatewayKeyMeta, { keyId: id }) : null;
    const row = meta ? (await this.deps.apiKeys.list(em, 'GATEWAY')).find((r) => r.id === id) : undefined;
    if (!meta || !row) throw new DomainError('NOT_FOUND', 'Gateway key not found');
    if (input.allowedModels !== undefined) {
      const models = input.allowedModels;
      if (
        models !== null &&
        (models.length === 0 ||
          models.length > 100 ||
          models.some((m) => typeof m !== 'string' || m.trim() === '' || m.length > 256))
      ) {
        throw invalid('allowedModels', models, '1 to 100 model names, or null for any model');
      }
      meta.allowedModels = models === null ? null : [...new Set(models)];
    }
    for (const field of ['requestsPerMinute', 'tokensPerMinute'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      if (value !== null && (!Number.isInteger(value) || value < 1 || value > 100_000_000))
        throw invalid(field, value, 'a positive integer, or null for no limit');
      meta[field] = value;
    }
    await em.flush();
    this.deps.gate.forget(id);
    return view(row, meta);
  }

  async revoke(em: EntityManager, id: string): Promise<AiDeleted> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND', 'Gateway key not found');
    if (!(await this.deps.apiKeys.revoke(em, 'GATEWAY', id)))
      throw new DomainError('NOT_FOUND', 'Gateway key not found');
    this.deps.gate.markRevoked(id);
    return { id, object: 'gateway_key', deleted: true };
  }
}

function view(row: ApiKeyRecord, meta: GatewayKeyMeta | null): AiGatewayKey {
  return {
    id: row.id,
    object: 'gateway_key',
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt,
    expiresAt: meta?.expiresAt ?? null,
    revokedAt: row.revokedAt,
    allowedModels: meta?.allowedModels ?? null,
    requestsPerMinute: meta?.requestsPerMinute ?? null,
    tokensPerMinute: meta?.tokensPerMinute ?? null,
  };
}
