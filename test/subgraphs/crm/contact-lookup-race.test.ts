import type { EntityManager } from '@mikro-orm/postgresql';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { findContact, getContact } from '../../../subgraphs/crm/contacts/contact-lookup.js';
import type { Contact } from '../../../subgraphs/crm/entities/contact.entity.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/**
 * A read that misses a contact and then finds no pending creation may have straddled the commit: the creation
 * committed between its two statements. Simulated with a first lookup that answers as it would have before the commit.
 */
describe('contact lookup across a commit', () => {
  let t: TestPlatform;
  let key: string;
  let em: EntityManager;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-lookup-race');
    const org = (
      await t.platform.orm.em
        .getConnection()
        .execute(`select id from platform.organizations where slug = 'crm-lookup-race'`)
    )[0].id;
    em = forkForTenant(t.platform.orm.em, org) as unknown as EntityManager;
  });
  afterAll(() => t.stop());

  async function committedContact(email: string): Promise<string> {
    const created = await t.request('POST', '/crm/contacts', { key, body: { email } });
    expect(created.status).toBe(202);
    const externalId = (created.body as { data: { externalId: string } }).data.externalId;
    await eventually(async () => (await t.request('GET', `/crm/contacts/${externalId}`, { key })).status === 200);
    return externalId;
  }

  /** Misses once (the read before the commit), then reads for real. */
  function missingOnce(): (em: EntityManager, raw: string) => Promise<Contact | null> {
    let first = true;
    return async (tx, raw) => {
      if (first) {
        first = false;
        return null;
      }
      return findContact(tx, raw);
    };
  }

  it('should return the contact, not 404, when its creation committed between the miss and the pending check', async () => {
    const externalId = await committedContact('race-read@example.com');
    const contact = await getContact(em.fork() as EntityManager, externalId, missingOnce());
    expect(contact.externalId).toBe(externalId);
  });

  it('should still answer 404 for a contact that was never created', async () => {
    await expect(getContact(em.fork() as EntityManager, 'ctc_neverexisted0000000000')).rejects.toMatchObject({
      code: expect.stringMatching(/NOT_FOUND$/),
    });
  });
});
