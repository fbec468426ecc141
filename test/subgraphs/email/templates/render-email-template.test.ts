import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';

const RENDER = `query($id: ID!, $input: EmailTemplateRenderInput) {
  renderEmailTemplate(id: $id, input: $input) { subject html text variables missingVariables }
}`;

const welcome = {
  name: 'Welcome',
  subject: 'Welcome, {{ name }}',
  htmlBody: '<p>Hello {{ name }}, your plan is {{ plan.tier }}</p>{{{ footer }}}',
  textBody: 'Hello {{ name }} ({{ plan.tier }})',
};

describe('renderEmailTemplate: a template previewed with sample values, through the gateway', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('tpl-render');
  });
  afterAll(() => t.stop());

  const create = async (body: Record<string, unknown>, k = key) => {
    const res = await t.request('POST', '/emails/templates', { key: k, body });
    expect(res.status).toBe(201);
    return res.body.data as { id: string };
  };
  const render = (id: string, variables?: { name: string; value: string }[], k = key) =>
    t.graphql(k, RENDER, { id, input: variables ? { variables } : null });

  it('should render exactly what a send with the same values delivers, and list the variables left empty', async () => {
    const template = await create({ ...welcome, alias: 'render-me' });
    const values = [
      { name: 'name', value: 'Ada <Lovelace>' },
      { name: 'plan.tier', value: 'Growth' },
    ];
    const res = await render('render-me', values);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.renderEmailTemplate).toEqual({
      subject: 'Welcome, Ada <Lovelace>',
      html: '<p>Hello Ada &lt;Lovelace&gt;, your plan is Growth</p>',
      text: 'Hello Ada <Lovelace> (Growth)',
      variables: ['name', 'plan.tier', 'footer'],
      missingVariables: ['footer'],
    });

    const sent = await t.request('POST', '/emails', {
      key,
      body: {
        from: 'app@acme.example',
        to: 'ada@example.com',
        templateId: template.id,
        templateModel: { name: 'Ada <Lovelace>', plan: { tier: 'Growth' } },
      },
    });
    expect(sent.status).toBe(200);
    const message = await eventually(async () => {
      const got = await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key });
      return got.body.data.status === 'DELIVERED' ? got.body.data : null;
    });
    const preview = res.body.data.renderEmailTemplate;
    expect({ subject: message.subject, html: message.html, text: message.text }).toEqual({
      subject: preview.subject,
      html: preview.html,
      text: preview.text,
    });
  });

  it('should render without values: every variable empty and missing, raw tags inserted as given', async () => {
    const template = await create({ name: 'Raw', subject: 'Hi {{ who }}', htmlBody: '<div>{{{ banner }}}</div>' });
    const bare = await render(template.id);
    expect(bare.body.data.renderEmailTemplate).toEqual({
      subject: 'Hi ',
      html: '<div></div>',
      text: null,
      variables: ['who', 'banner'],
      missingVariables: ['who', 'banner'],
    });
    const raw = await render(template.id, [{ name: 'banner', value: '<b>Sale</b>' }]);
    expect(raw.body.data.renderEmailTemplate).toMatchObject({
      html: '<div><b>Sale</b></div>',
      missingVariables: ['who'],
    });
  });

  it("should answer NOT_FOUND, as a send does, for an unknown, inactive or other organization's template", async () => {
    const other = await t.key('tpl-render-other');
    const theirs = await create(welcome, other);
    const inactive = await create({ ...welcome, alias: 'sleeping' });
    await t.platform.orm.em
      .fork()
      .getConnection()
      .execute('update email.templates set active = false where id = ?', [inactive.id]);
    for (const id of ['tpl_nope', 'no-such-alias', theirs.id, 'sleeping']) {
      const res = await render(id);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0]).toMatchObject({
        message: `Template ${id} not found`,
        extensions: { code: 'NOT_FOUND' },
      });
      const send = await t.request('POST', '/emails', {
        key,
        body: { from: 'app@acme.example', to: 'ada@example.com', templateId: id },
      });
      expect([send.status, send.body.error.message]).toEqual([404, `Template ${id} not found`]);
    }
  });

  it.each([
    [
      'a name that is not a variable path',
      [{ name: 'not a path', value: 'x' }],
      { field: 'variables[0].name', received: 'not a path' },
    ],
    [
      'a name into a prototype',
      [{ name: 'a.__proto__', value: 'x' }],
      { field: 'variables[0].name', received: 'a.__proto__' },
    ],
    [
      'a name given twice',
      [
        { name: 'name', value: 'x' },
        { name: 'name', value: 'y' },
      ],
      { field: 'variables[1].name', received: 'name' },
    ],
    [
      'a name beside a path below it',
      [
        { name: 'plan', value: 'x' },
        { name: 'plan.tier', value: 'y' },
      ],
      { field: 'variables[1].name', received: 'plan.tier' },
    ],
    [
      'a path beside the name above it',
      [
        { name: 'plan.tier', value: 'y' },
        { name: 'plan', value: 'x' },
      ],
      { field: 'variables[1].name', received: 'plan' },
    ],
    [
      'a value over 100,000 characters',
      [{ name: 'name', value: 'v'.repeat(100_001) }],
      { field: 'variables[0].value' },
    ],
    [
      'more than 200 variables',
      Array.from({ length: 201 }, (_, i) => ({ name: `v${i}`, value: 'x' })),
      { field: 'variables' },
    ],
  ])(
    'should refuse %s with INVALID_REQUEST and details, as a send refuses a bad body',
    async (_case, variables, details) => {
      const template = await create(welcome);
      const res = await render(template.id, variables);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', details });
    },
  );

  it('should refuse a key without the email scope', async () => {
    const template = await create(welcome);
    const res = await render(template.id, [], await t.key('tpl-render', 'SERVER', ['sms']));
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
