import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { Application } from '../entities/application.entity.js';
import { sha256 } from '../shared/secret-token.js';
import type { ApplicationInput, ApplicationList } from './application.types.js';
import { CONFIDENTIAL, validateApplication } from './application.validate.js';

/** Client applications; a confidential one's secret is returned by create and rotate-secret only. */
export class ApplicationService {
  async list(em: EntityManager, args: PageArgs): Promise<ApplicationList> {
    const page = resolvePage(args, { defaultCount: 50, maxCount: 100 });
    const [data, total] = await em.findAndCount(
      Application,
      {},
      { limit: page.count, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  async get(em: EntityManager, id: string): Promise<Application> {
    const app = await em.findOne(Application, { id });
    if (!app) throw notFound('Application');
    return app;
  }

  async create(em: EntityManager, input: ApplicationInput): Promise<Application> {
    const fields = validateApplication(input);
    const app = em.create(Application, {
      id: newId('app'),
      organizationId: undefined as never,
      clientId: randomBytes(16).toString('hex'),
      ...fields,
    });
    const secret = CONFIDENTIAL.has(fields.type) ? this.setSecret(app) : null;
    await em.flush();
    app.clientSecret = secret;
    return app;
  }

  async update(em: EntityManager, id: string, input: ApplicationInput): Promise<Application> {
    const app = await this.get(em, id);
    em.assign(app, validateApplication(input, app));
    await em.flush();
    return app;
  }

  async delete(em: EntityManager, id: string): Promise<Application> {
    const app = await this.get(em, id);
    await em.remove(app).flush();
    return app;
  }

  /** A new secret replaces the old one at once (the old stops working); shown in this answer only. */
  async rotateSecret(em: EntityManager, id: string): Promise<Application> {
    const app = await this.get(em, id);
    if (!CONFIDENTIAL.has(app.type))
      throw new DomainError('INVALID_REQUEST', `${app.type} applications are public clients and have no secret`, {
        field: 'type',
        received: app.type,
        expected: [...CONFIDENTIAL],
      });
    const secret = this.setSecret(app);
    await em.flush();
    app.clientSecret = secret;
    return app;
  }

  private setSecret(app: Application): string {
    const secret = `cs_${randomBytes(32).toString('base64url')}`;
    app.secretHash = sha256(secret);
    app.secretLast4 = secret.slice(-4);
    return secret;
  }
}
