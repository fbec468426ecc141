import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid, notFound } from '../../../platform/errors/domain-error.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { parseNumericId } from '../shared/identifier.js';
import type { IntegrationView } from './integration.types.js';
import type { CrmIntegrationInput } from './integration-input.types.js';
import type { UrlGuard } from '../../../platform/net/url-guard.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const COLUMNS = sql`id::text as id, name, provider, base_url as "baseUrl", last_error as "lastError", created_at as "createdAt"`;
const view = (r: IntegrationView): IntegrationView => ({ ...r, createdAt: new Date(r.createdAt) });

/** Outbound integrations (paths beyond the spec): connect, list, disconnect. */
export class IntegrationService {
  constructor(
    private readonly secrets: () => Promise<SecretBox>,
    private readonly urls: UrlGuard,
  ) {}

  async list(em: EntityManager): Promise<IntegrationView[]> {
    return (
      await tenantSql(em).rows<IntegrationView>(
        sql`select ${COLUMNS} from crm.integrations where organization_id = ${ORG} order by id`,
      )
    ).map(view);
  }

  async connect(em: EntityManager, body: CrmIntegrationInput): Promise<IntegrationView> {
    const provider = body.provider!;
    await this.urls.check(body.baseUrl!, { field: 'baseUrl' }); // the one URL guard: public hosts only, no query, fragment or credentials
    if (typeof body.accessToken !== 'string' || body.accessToken.length < 8 || body.accessToken.length > 4096)
      throw invalid('accessToken', body.accessToken === undefined ? null : 'redacted', '8 to 4096 characters');
    const box = await this.secrets();
    return em.transactional(async (tx) => {
      const db = tenantSql(tx);
      const rows = await db.rows<{ id: number }>(
        sql`insert into crm.integrations (organization_id, name, provider, base_url, access_token_sealed, created_at) values (${ORG}, ${body.name as string}, ${provider}, ${body.baseUrl as string}, '', now()) returning id`,
      );
      const id = rows[0]!.id;
      // Bound to its row: a sealed token copied to another integration does not open.
      await db.run(
        sql`update crm.integrations set access_token_sealed = ${box.seal(body.accessToken as string, `crm-integration:${id}`)} where organization_id = ${ORG} and id = ${id}`,
      );
      return view(
        (
          await db.rows<IntegrationView>(
            sql`select ${COLUMNS} from crm.integrations where organization_id = ${ORG} and id = ${id}`,
          )
        )[0]!,
      );
    });
  }

  async disconnect(em: EntityManager, rawId: string): Promise<boolean> {
    const rows = await tenantSql(em).rows<{ id: number }>(
      sql`delete from crm.integrations where organization_id = ${ORG} and id = ${parseNumericId(rawId)} returning id`,
    );
    if (rows.length === 0) throw notFound('Integration');
    return true;
  }
}
