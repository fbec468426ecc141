import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { parseDateFilter } from '../../../platform/graphql/date-range.js';
import { hashApiKey } from '../../../platform/organizations/api-key.service.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { GatewayKeyMeta } from '../entities/gateway-key-meta.entity.js';
import { GATEWAY_KEY_PREFIX } from '../http/gateway-request.js';
import type { AiDeleted } from '../credentials/provider-credential.types.js';
import type { AiGatewayKey, AiGatewayKeyCreated, AiGatewayKeyInput } from './gateway-key.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * Gateway keys are platform API keys of type GATEWAY with the `ai` scope (platform.api_keys, hashed); the
 * gateway keeps their optional expiry beside them. SQL binds the organization from context, never from input.
 */
export class GatewayKeyService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async create(em: EntityManager, input: AiGatewayKeyInput): Promise<AiGatewayKeyCreated> {
    const name = input.name?.trim() || 'gateway key';
    if (name.length > 200) throw invalid('name', name.length, 'at most 200 characters');
    const expiresAt = parseDateFilter('expiresAt', input.expiresAt) ?? null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('expiresAt', input.expiresAt, 'a time in the future');
    const organizationId = tenantOf(em);
    const key = GATEWAY_KEY_PREFIX + randomBytes(24).toString('base64url');
    return em.transactional(async (tx) => {
      const rows = await tx.execute<KeyRow[]>(
        `insert into platform.api_keys (id, organization_id, name, type, scopes, prefix, hash, created_at)
         values (gen_random_uuid(), ?, ?, 'GATEWAY', '{ai}', ?, ?, now()) returning id, name, prefix, created_at, revoked_at`,
        [organizationId, name, key.slice(0, 12), hashApiKey(key)],
      );
      const row = rows[0]!;
      tx.create(GatewayKeyMeta, { keyId: row.id, organizationId, expiresAt });
      await tx.flush();
      return { ...view(row, expiresAt), key };
    });
  }

  async list(em: EntityManager): Promise<AiGatewayKey[]> {
    const rows = await em.execute<KeyRow[]>(
      `select id, name, prefix, created_at, revoked_at from platform.api_keys
        where organization_id = ? and type = 'GATEWAY' order by created_at desc, id`,
      [tenantOf(em)],
    );
    const metas = new Map((await em.find(GatewayKeyMeta, {})).map((m) => [m.keyId, m.expiresAt]));
    return rows.map((r) => view(r, metas.get(r.id) ?? null));
  }

  async revoke(em: EntityManager, id: string): Promise<AiDeleted> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND', 'Gateway key not found');
    const rows = await em.execute<{ id: string }[]>(
      `update platform.api_keys set revoked_at = coalesce(revoked_at, now())
        where id = ? and organization_id = ? and type = 'GATEWAY' returning id`,
      [id, tenantOf(em)],
    );
    if (rows.length === 0) throw new DomainError('NOT_FOUND', 'Gateway key not found');
    this.deps.gate.markRevoked(id);
    return { id, object: 'gateway_key', deleted: true };
  }
}

function view(row: KeyRow, expiresAt: Date | null): AiGatewayKey {
  return { id: row.id, object: 'gateway_key', name: row.name, prefix: row.prefix, createdAt: new Date(row.created_at), expiresAt, revokedAt: row.revoked_at ? new Date(row.revoked_at) : null };
}
