import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid, notFound } from '../../../platform/errors/domain-error.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { parseNumericId } from '../shared/identifier.js';
import { oneOf } from '../shared/sql-list.js';
import { PROVIDERS } from './providers.js';
import type { IntegrationView } from './integration.types.js';
import type { UrlGuard } from '../../../platform/net/url-guard.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const COLUMNS = sql`id::text as id, name, provider, base_url as "baseUrl", last_error as "lastError", created_at as "createdAt"`;
const view = (r: IntegrationView): IntegrationView => ({ ...r, createdAt: new Date(r.createdAt) });

/** Outbound integrations (paths beyond the spec): connect, list, disconnect. */
export class IntegrationService {
  constructor(private readonly secrets: () => Promise<SecretBox>, private readonly urls: UrlGuard) {}

  async list(em: EntityManager): Promise<IntegrationView[]> {
    return (await tenantSql(em).rows<IntegrationView>(sql`select ${COLUMNS} from crm.integrations where organization_id = ${ORG} order by id`)).map(view);
  }

  async connect(em: EntityManager, body: Record<string, unknown>): Promise<IntegrationView> {
    const allowed = ['name', 'provider', 'baseUrl', 'accessToken'];
    for (const key of Object.keys(body)) if (!allowed.includes(key)) throw invalid(key, body[key], allowed, `Unknown field "${key}"`);
    const provider = oneOf('provider', body.provider, Object.keys(PROVIDERS));
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 200) throw invalid('name', body.name ?? null, '1 to 200 characters');
    if (typeof body.baseUrl !== 'string') throw invalid('baseUrl', body.baseUrl ?? null, 'an absolute http(s) URL');
    await this.urls.check(body.baseUrl, { field: 'baseUrl' }); // the one URL guard: public hosts only, no query, fragment or credentials
    if (typeof body.accessToken !== 'string' || body.accessToken.length < 8 || body.accessToken.length > 4096) throw invalid('accessToken', body.accessToken === undefined ? null : 'redacted', '8 to 4096 characters');
    const box = await this.secrets();
    return em.transactional(async (tx) => {
      const db = tenantSql(tx);
      const rows = await db.rows<{ id: number }>(
        sql`insert into crm.integrations (organization_id, name, provider, base_url, access_token_sealed, created_at) values (${ORG}, ${body.name as string}, ${provider}, ${body.baseUrl as string}, '', now()) returning id`);
      const id = rows[0]!.id;
      // Bound to its row: a sealed token copied to another integration does not open.
      await db.run(sql`update crm.integrations set access_token_sealed = ${box.seal(body.accessToken as string, `crm-integration:${id}`)} where organization_id = ${ORG} and id = ${id}`);
      return view((await db.rows<IntegrationView>(sql`select ${COLUMNS} from crm.integrations where organization_id = ${ORG} and id = ${id}`))[0]!);
    });
  }

  async disconnect(em: EntityManager, rawId: string): Promise<boolean> {
    const rows = await tenantSql(em).rows<{ id: number }>(sql`delete from crm.integrations where organization_id = ${ORG} and id = ${parseNumericId(rawId)} returning id`);
    if (rows.length === 0) throw notFound('Integration');
    return true;
  }
}
