import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { ContactRows } from '../../../subgraphs/crm/writes/contact-rows.js';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('ContactRows (the contacts of one commit transaction)', () => {
  let t: TestPlatform;
  let org: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    await t.key('crm-rows');
    org = (
      await t.platform.orm.em.getConnection().execute(`select id from platform.organizations where slug = 'crm-rows'`)
    )[0].id;
  });
  afterAll(() => t.stop());

  it('should report every contact it inserted, also those a get() flushed before the last flush', async () => {
    // The commit's transaction is scoped to the organization (tenantSql binds it).
    await forkForTenant(t.platform.orm.em, org).transactional(async (tx) => {
      const contacts = new ContactRows(tx, org);
      await contacts.load(['rows-a', 'rows-b']);
      contacts.create('rows-a', { email: 'a@example.com' }, new Date());
      const a = await contacts.get('rows-a'); // inserted now, by this get
      contacts.create('rows-b', { email: 'b@example.com' }, new Date());
      await contacts.flush();
      const b = await contacts.get('rows-b');
      expect(a).toEqual({ id: expect.any(String), status: 'ACTIVE' });
      expect(contacts.created).toEqual([a!.id, b!.id]);
      expect(await contacts.get('rows-unknown')).toBeNull();
    });
  });
});
