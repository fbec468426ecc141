import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { SsoConnection } from '../entities/sso-connection.entity.js';
import { normalizeEmail } from '../users/user.validate.js';
import type { AuthDeps } from '../auth-deps.js';
import {
  checkConfig,
  checkDomains,
  CONNECTION_TYPES,
  isLoopbackHttp,
  PROVIDERS,
  publicConfig,
} from './connection-config.js';
import type { SsoConnectionInput, SsoConnectionList } from './connection.types.js';

/** OIDC and SAML identity providers; a domain routes to at most one connection of the organization. */
export class ConnectionService {
  constructor(private readonly deps: AuthDeps) {}

  async list(em: EntityManager, args: PageArgs): Promise<SsoConnectionList> {
    const page = resolvePage(args, { defaultCount: 50, maxCount: 100 });
    const [data, total] = await em.findAndCount(
      SsoConnection,
      {},
      { limit: page.count, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: data.map(shown), meta: offsetMeta(page, data.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<SsoConnection> {
    return shown(await this.find(em, id));
  }

  async create(em: EntityManager, input: SsoConnectionInput): Promise<SsoConnection> {
    const type = input.type;
    if (typeof type !== 'string' || !(CONNECTION_TYPES as readonly string[]).includes(type))
      throw invalid('type', type ?? null, CONNECTION_TYPES);
    if (!input.config)
      throw invalid(
        'config',
        null,
        type === 'OIDC' ? 'issuerUrl, clientId, clientSecret' : 'idpEntityId, ssoUrl, idpCertificate',
      );
    const id = newId('conn');
    const fields = {
      name: name(input.name),
      type: type as 'OIDC' | 'SAML',
      provider: provider(input.provider ?? 'CUSTOM'),
      config: await this.checkedConfig(type, input.config, id),
      domains: checkDomains(input.domains ?? []),
      jitProvisioning: input.jitProvisioning ?? false,
      enabled: input.enabled ?? true,
    };
    await this.checkDomainsFree(em, fields.domains, null);
    const connection = em.create(SsoConnection, { id, organizationId: undefined as never, ...fields });
    await em.flush();
    return shown(connection);
  }

  async update(em: EntityManager, id: string, input: SsoConnectionInput): Promise<SsoConnection> {
    const connection = await this.find(em, id);
    if (input.type !== undefined && input.type !== null && input.type !== connection.type)
      throw invalid('type', input.type, connection.type, 'type cannot change; create another connection');
    const change: Partial<SsoConnection> = {};
    if (input.name !== undefined && input.name !== null) change.name = name(input.name);
    if (input.provider !== undefined && input.provider !== null) change.provider = provider(input.provider);
    if (input.config)
      change.config = await this.checkedConfig(connection.type, input.config, connection.id, connection.config);
    if (input.domains) {
      change.domains = checkDomains(input.domains);
      await this.checkDomainsFree(em, change.domains, connection.id);
    }
    if (input.jitProvisioning !== undefined && input.jitProvisioning !== null)
      change.jitProvisioning = input.jitProvisioning;
    if (input.enabled !== undefined && input.enabled !== null) change.enabled = input.enabled;
    em.assign(connection, change);
    await em.flush();
    return shown(connection);
  }

  async delete(em: EntityManager, id: string): Promise<SsoConnection> {
    const connection = await this.find(em, id);
    await em.remove(connection).flush();
    return shown(connection);
  }

  /** Home-realm discovery: the connection claiming the address's domain (or a parent domain), else 404. */
  async forEmail(em: EntityManager, emailInput: unknown): Promise<SsoConnection> {
    const domain = normalizeEmail(emailInput).split('@')[1]!;
    const candidates = domain
      .split('.')
      .map((_, i, parts) => parts.slice(i).join('.'))
      .filter((d) => d.includes('.'));
    const found = await em.find(SsoConnection, { domains: { $overlap: candidates } });
    // The most specific claim wins: sub.acme.com before acme.com.
    for (const candidate of candidates) {
      const connection = found.find((c) => c.domains.includes(candidate));
      if (connection) return shown(connection);
    }
    throw notFound('SSO connection for this email domain');
  }

  /** The config's syntax, then the issuer's host by the URL guard (discovery will connect to it). */
  private async checkedConfig(
    type: string,
    config: Record<string, unknown>,
    id: string,
    current?: Record<string, unknown>,
  ) {
    const rules = { allowLoopbackHttp: this.deps.urls.allowPrivate };
    const checked = checkConfig(type, config, await this.deps.secrets(), id, this.deps.now(), rules, current);
    if (type === 'OIDC')
      await this.deps.urls.check(String(checked.issuerUrl), {
        field: 'config.issuerUrl',
        httpsOnly: !isLoopbackHttp(String(checked.issuerUrl)),
      });
    return checked;
  }

  async find(em: EntityManager, id: string) {
    const connection = await em.findOne(SsoConnection, { id });
    if (!connection) throw notFound('SSO connection');
    return connection;
  }

  private async checkDomainsFree(em: EntityManager, domains: string[], selfId: string | null) {
    if (domains.length === 0) return;
    const others = await em.find(SsoConnection, {
      domains: { $overlap: domains },
      ...(selfId ? { id: { $ne: selfId } } : {}),
    });
    if (others.length > 0) {
      const taken = domains.filter((d) => others.some((o) => o.domains.includes(d)));
      throw new DomainError('CONFLICT', `Domain ${taken.join(', ')} already routes to connection ${others[0]!.id}`, {
        field: 'domains',
        received: taken,
        expected: 'domains no other connection claims',
      });
    }
  }
}

export function shown(connection: SsoConnection): SsoConnection {
  connection.publicConfig = publicConfig(connection.type, connection.config);
  return connection;
}

function name(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 200)
    throw invalid('name', value ?? null, '1..200 characters');
  return value.trim();
}

function provider(value: unknown): string {
  if (typeof value !== 'string' || !(PROVIDERS as readonly string[]).includes(value))
    throw invalid('provider', value ?? null, PROVIDERS);
  return value;
}
