import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

// Logic jumps through the stack: the path decides what is required and what is kept; bad jumps are 400s.
describe('forms with logic jumps', () => {
  let t: TestPlatform;
  let key: string;

  const FIELDS = [
    {
      type: 'SELECT',
      label: 'Plan',
      ref: 'plan',
      required: true,
      settings: { options: ['Free', 'Pro'], jumps: [{ when: 'equals', value: 'Free', to: 'why' }] },
    },
    {
      type: 'NUMBER',
      label: 'Seats',
      ref: 'seats',
      required: true,
      settings: { jumps: [{ when: 'greaterThan', valueNumber: 100, to: 'end' }] },
    },
    { type: 'SHORT_TEXT', label: 'Why', ref: 'why', required: true },
  ];
  const submissions = async (id: number) =>
    (await t.request('GET', `/forms/${id}/submissions`, { key })).body.data as { answers: Record<string, unknown> }[];

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-logic');
  });
  afterAll(() => t.stop());

  it('should require only the questions on the respondent’s path and drop answers to skipped ones', async () => {
    const form = (await t.request('POST', '/forms', { key, body: { title: 'Jumps', fields: FIELDS } })).body.data;
    expect((await t.request('POST', `/forms/${form.id}/publish`, { key })).status).toBe(200);
    const ip = newVisitorIp();
    const submit = (data: unknown) => fromIp(t.url, ip, 'POST', `/f/${form.uuid}/submit`, { body: { data } });

    // Free skips Seats (required, unanswered) and what was typed into it is not kept.
    expect((await submit({ plan: 'Free', seats: 3, why: 'Trying it' })).status).toBe(201);
    // Pro with more than 100 seats ends the form: Why is not required.
    expect((await submit({ plan: 'Pro', seats: 500 })).status).toBe(201);
    // Pro with few seats goes on to Why, which is then required.
    const missing = await submit({ plan: 'Pro', seats: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'why' } });

    const stored = (await submissions(form.id)).map((s) => s.answers);
    expect(stored).toEqual(
      expect.arrayContaining([
        { plan: ['Free'], why: 'Trying it' },
        { plan: ['Pro'], seats: 500 },
      ]),
    );
    expect(stored).toHaveLength(2);
  });

  it('should refuse a jump that does not fit its field, and publishing with a jump backwards or nowhere', async () => {
    const bad = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Bad',
        fields: [
          {
            type: 'SELECT',
            label: 'Plan',
            ref: 'plan',
            settings: { options: ['Free'], jumps: [{ when: 'equals', value: 'Gold', to: 'end' }] },
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('fields[0].settings.jumps[0].value');

    const form = (
      await t.request('POST', '/forms', {
        key,
        body: {
          title: 'Backwards',
          fields: [
            { type: 'SHORT_TEXT', label: 'A', ref: 'a' },
            { type: 'SHORT_TEXT', label: 'B', ref: 'b', settings: { jumps: [{ when: 'answered', to: 'a' }] } },
          ],
        },
      })
    ).body.data;
    const refused = await t.request('POST', `/forms/${form.id}/publish`, { key });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'fields.b.settings.jumps[0].to', received: 'a' },
    });
    expect((await t.request('GET', `/forms/${form.id}`, { key })).body.data.status).toBe('DRAFT');
  });
});
