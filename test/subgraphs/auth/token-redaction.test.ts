import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { authModule } from '../../../subgraphs/auth/index.js';

/**
 * Token emails are stored redacted. In capture mode (no SMTP_URL, `npm start` without a relay) nothing is
 * delivered, so the capture store holds the redacted message too, and the sealed real body is dropped once sent.
 */
describe('auth token emails in the capture store', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule(), webhooksModule(), authModule()] });
    key = await t.key('auth-capture');
  });
  afterAll(() => t.stop());

  const sql = (query: string, params: unknown[]) => t.platform.orm.em.getConnection().execute(query, params);

  it('should keep no live token in the message row, the API or the captured MIME', async () => {
    await t.request('POST', '/auth/users', {
      key,
      body: { email: 'captured@example.com', password: 'correct horse battery', emailVerified: true },
    });
    expect(
      (
        await t.request('POST', '/auth/password-reset', {
          key,
          body: { email: 'captured@example.com', redirectUrl: 'https://app.example.com/reset' },
        })
      ).status,
    ).toBe(200);
    const [row] = await eventually(async () => {
      const rows = await sql(
        "select m.id, m.text, m.sealed_content, c.mime from email.messages m join email.captured c on c.message_id = m.id where 'captured@example.com' = any(m.to_addresses)",
        [],
      );
      return rows.length > 0 ? rows : null;
    });
    expect(row.text).toContain('Reset token: [redacted]');
    expect(row.text).toContain('https://app.example.com/reset?token=[redacted]');
    expect(row.text).not.toMatch(/tok_/);
    expect(row.sealed_content).toBeNull();
    expect(row.mime).toContain('[redacted]');
    expect(row.mime).not.toMatch(/tok_/);
    const api = await t.request('GET', `/emails/messages/${row.id}`, { key });
    expect(api.body.data.text).toBe(row.text);
  });
});
