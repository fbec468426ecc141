import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

describe('form submissions export through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let form: { id: number; uuid: string };
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('forms-export');
    const created = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Export me',
        fields: [
          { type: 'SHORT_TEXT', label: 'Name', ref: 'name' },
          { type: 'MULTI_SELECT', label: 'Tools', ref: 'tools', settings: { options: ['A', 'B'] } },
          { type: 'NPS', label: 'Score', ref: 'score' },
          { type: 'FILE', label: 'CV', ref: 'cv' },
        ],
      },
    });
    form = created.body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    const answers = [
      { name: '=HYPERLINK("http://evil")', tools: ['A', 'B'], score: 0 },
      { name: '+1', score: 10, cv: { fileUrl: 'https://files.example/cv.pdf', fileName: 'cv.pdf', fileSize: 3 } },
      { name: '-2' },
      { name: '@SUM(A1)' },
      { name: 'Plain, "quoted"\nline' },
    ];
    for (const data of answers) {
      ids.push(
        (
          await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
            body: { data, respondentEmail: 'r@example.com' },
          })
        ).body.data.submissionId,
      );
    }
  });
  afterAll(() => t.stop());

  it('should stream CSV with a header, one row per submission oldest first, and formula cells neutralised', async () => {
    const res = await t.request('GET', `/forms/${form.id}/submissions/export?format=csv`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="form-${form.id}-submissions.csv"`);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('submissionId,status,createdAt,completedAt,respondentEmail,name,tools,score,cv');
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(5).join(','))).toEqual([
      `"'=HYPERLINK(""http://evil"")",A; B,0,`,
      "'+1,,10,https://files.example/cv.pdf",
      "'-2,,,",
      "'@SUM(A1),,,",
    ]);
    expect(res.text).toContain('"Plain, ""quoted""\nline",,,\r\n');
    expect(lines[1]!.startsWith(`${ids[0]},complete,`)).toBe(true);
  });

  it('should stream JSON as one array', async () => {
    const res = await t.request('GET', `/forms/${form.uuid}/submissions/export?format=json`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.map((s: { submissionId: string }) => s.submissionId)).toEqual(ids);
    expect(res.body[1]).toEqual({
      submissionId: ids[1],
      status: 'complete',
      createdAt: expect.any(String),
      completedAt: expect.any(String),
      respondentEmail: 'r@example.com',
      answers: {
        name: '+1',
        score: 10,
        cv: { fileUrl: 'https://files.example/cv.pdf', fileName: 'cv.pdf', fileSize: 3 },
      },
      metadata: {},
    });
    // Values stay as they are in JSON: the formula guard is a CSV matter.
    expect(res.body[0].answers.name).toBe('=HYPERLINK("http://evil")');
  });

  it('should stream exports of many pages (500 rows each) completely, in order, in both formats', async () => {
    const k = await t.key('forms-export-big');
    const big = (
      await t.request('POST', '/forms', {
        key: k,
        body: { title: 'Big', fields: [{ type: 'NPS', label: 'Score', ref: 'score' }] },
      })
    ).body.data;
    const conn = t.platform.orm.em.getConnection();
    const [org] = await conn.execute<{ id: string }[]>(
      "select id from platform.organizations where slug = 'forms-export-big'",
    );
    await conn.execute(
      `insert into forms.submissions (id, organization_id, form_id, status, answers, completed_at, created_at, updated_at)
       select 'sub_big' || lpad(n::text, 5, '0'), ?, ?, 'complete', jsonb_build_object('score', n % 11), now(), timestamptz '2026-01-01' + n * interval '1 second', now()
       from generate_series(1, 4500) as n`,
      [org!.id, big.id],
    );
    const csv = await t.request('GET', `/forms/${big.id}/submissions/export`, { key: k });
    const rows = csv.text.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(4501);
    expect(rows[1]!.startsWith('sub_big00001,')).toBe(true);
    expect(rows[4500]!.startsWith('sub_big04500,')).toBe(true);
    const json = await t.request(
      'GET',
      `/forms/${big.id}/submissions/export?format=json&startDate=2026-01-01T00:16:40Z`,
      { key: k },
    );
    expect(json.body).toHaveLength(3501);
    expect(json.body[0].submissionId).toBe('sub_big01000');
    expect(json.body[3500].answers).toEqual({ score: 4500 % 11 });
  });

  it('should export 100,000 submissions with bounded memory: the heap grows far less than the answer size', async () => {
    const k = await t.key('forms-export-huge');
    const huge = (
      await t.request('POST', '/forms', {
        key: k,
        body: { title: 'Huge', fields: [{ type: 'LONG_TEXT', label: 'Text', ref: 'text' }] },
      })
    ).body.data;
    const conn = t.platform.orm.em.getConnection();
    const [org] = await conn.execute<{ id: string }[]>(
      "select id from platform.organizations where slug = 'forms-export-huge'",
    );
    await conn.execute(
      `insert into forms.submissions (id, organization_id, form_id, status, answers, completed_at, created_at, updated_at)
       select 'sub_h' || lpad(n::text, 6, '0'), ?, ?, 'complete', jsonb_build_object('text', repeat('x', 500)), now(), timestamptz '2026-01-01' + n * interval '1 second', now()
       from generate_series(1, 100000) as n`,
      [org!.id, huge.id],
    );
    // The platform runs in this process, so its heap is this heap; the body is read and dropped chunk by chunk, and
    // the heap is measured after a full collection every few MB: what is retained, not garbage not yet collected.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let nextSample = 0;
    let newlines = 0;
    const res = await fetch(`${t.url}/forms/${huge.id}/submissions/export`, {
      headers: { authorization: `Bearer ${k}` },
    });
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) newlines++;
      if (bytes >= nextSample) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        nextSample = bytes + 5_000_000;
      }
    }
    expect(res.status).toBe(200);
    expect(newlines).toBe(100_001);
    expect(bytes).toBeGreaterThan(50_000_000);
    // Holding the answer (or its GraphQL result) whole would retain more than its 50 MB; a page is about 1 MB.
    expect(peak - before).toBeLessThan(25_000_000);
  }, 300_000); // 100,000 rows on a busy 2-core CI machine take minutes; the assertion is memory, not time

  it('should refuse an unknown format with 400 VALIDATION_ERROR and answer 404 to another organization, in the forms envelope', async () => {
    const bad = await t.request('GET', `/forms/${form.id}/submissions/export?format=xml`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'format', received: 'xml', expected: ['csv', 'json'] },
      },
    });
    const stranger = await t.key('forms-export-stranger');
    const res = await t.request('GET', `/forms/${form.id}/submissions/export`, { key: stranger });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Form not found' } });
  });
});
