import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { recordStatements } from '../../helpers/sent-statements.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

/** The cross-module query: CRM's Contact with the forms subgraph's formSubmissions, through the gateway. */
describe('Contact.formSubmissions through the gateway', () => {
  let t: TestPlatform;
  let key: string;
  let form: { id: number; uuid: string };

  const createContact = async (email: string, k = key) => {
    const accepted = await t.request('POST', '/crm/contacts', { key: k, body: { email, name: email.split('@')[0] } });
    expect(accepted.status).toBe(202);
    return eventually(async () => {
      const res = await t.request('GET', `/crm/contacts/${accepted.body.data.externalId}`, { key: k });
      return res.status === 200 && (res.body.data.id as string);
    });
  };
  const submit = async (email: string, name: string) => {
    const res = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { name }, respondentEmail: email },
    });
    expect(res.status).toBe(201);
    return res.body.data.submissionId as string;
  };

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-crm');
    form = (
      await t.request('POST', '/forms', {
        key,
        body: { title: 'Signup', fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name' }] },
      })
    ).body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
  });
  afterAll(() => t.stop());

  it("should list a contact's submissions, matched by email whatever its case, newest first", async () => {
    const id = await createContact('ada@example.com');
    const first = await submit('Ada@Example.com', 'Ada');
    const second = await submit('ada@example.com', 'Ada L.');
    await submit('bob@example.com', 'Bob');

    const res = await t.graphql(
      key,
      'query($id: ID!) { contact(id: $id) { email formSubmissions { submissionId formId status answers } } }',
      { id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.contact).toEqual({
      email: 'ada@example.com',
      formSubmissions: [
        { submissionId: second, formId: form.id, status: 'complete', answers: { name: 'Ada L.' } },
        { submissionId: first, formId: form.id, status: 'complete', answers: { name: 'Ada' } },
      ],
    });
  });

  it('should resolve every contact of a list in one query, each with its own submissions', async () => {
    await createContact('bob@example.com');
    await createContact('cy@example.com');
    const statements = recordStatements();
    const res = await t.graphql(
      key,
      '{ contacts(limit: 10, sortBy: "email", sortOrder: "asc") { data { email formSubmissions { answers } } } }',
    );
    const submissionQueries = statements.texts().filter((text) => /forms"?\."?submissions/.test(text));
    statements.stop();
    // Three contacts, one batch: one statement (the rows of the capped ids), not one per contact.
    expect(submissionQueries).toHaveLength(1);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.contacts.data).toEqual([
      { email: 'ada@example.com', formSubmissions: [{ answers: { name: 'Ada L.' } }, { answers: { name: 'Ada' } }] },
      { email: 'bob@example.com', formSubmissions: [{ answers: { name: 'Bob' } }] },
      { email: 'cy@example.com', formSubmissions: [] },
    ]);
  });

  it("should never show another organization's submissions for the same email", async () => {
    const other = await t.key('forms-crm-other');
    const id = await createContact('ada@example.com', other);
    const res = await t.graphql(
      other,
      'query($id: ID!) { contact(id: $id) { email formSubmissions { submissionId } } }',
      { id },
    );
    expect(res.body.data.contact).toEqual({ email: 'ada@example.com', formSubmissions: [] });
  });
});
