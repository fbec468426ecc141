import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { FrozenClock } from '../../../platform/clock/job-clock.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { formsModule } from '../../../subgraphs/forms/index.js';
import { sweepOrphanUploads, UPLOAD_SWEEP_JOB } from '../../../subgraphs/forms/jobs/upload-sweep.job.js';
import { fromIp, newVisitorIp } from './helpers/public-client.js';

const PUBLIC_URL = 'https://forms.example.test';
const HOUR = 3_600_000;
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A multipart/form-data body as a browser posts a form with a file input. */
function multipart(fields: Record<string, string | { name: string; type: string; bytes: Buffer }>): {
  body: Buffer;
  type: string;
} {
  const boundary = '----form-uploads-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === 'string'
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`,
          ),
          value.bytes,
          Buffer.from('\r\n'),
        ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('files of FILE fields: uploaded by respondents, kept in PostgreSQL, read by the owner', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  const clock = new FrozenClock(new Date());

  beforeAll(async () => {
    t = await startTestPlatform(
      { PUBLIC_URL },
      { modules: [emailModule(), webhooksModule(), formsModule({ clock }), crmModule()] },
    );
    key = await t.key('form-uploads');
    other = await t.key('form-uploads-other');
  }, 120_000);
  afterAll(() => t.stop());

  const liveForm = async (fields: Record<string, unknown>[], k = key) => {
    const created = await t.request('POST', '/forms', {
      key: k,
      body: { title: 'Apply', fields: [{ type: 'SHORT_TEXT', label: 'Name', ref: 'name' }, ...fields] },
    });
    expect(created.status).toBe(201);
    expect((await t.request('POST', `/forms/${created.body.data.id}/publish`, { key: k })).status).toBe(200);
    return created.body.data as { id: number; uuid: string };
  };
  const upload = (uuid: string, body: Record<string, unknown>, ip = newVisitorIp()) =>
    fromIp(t.url, ip, 'POST', `/f/${uuid}/files`, { body });
  /** The file at a fileUrl, read on this test's port with a key (or none). */
  const download = (fileUrl: string, k?: string) =>
    fetch(`${t.url}${new URL(fileUrl).pathname}`, { headers: k ? { authorization: `Bearer ${k}` } : {} });
  const uploadCount = async () =>
    Number(
      (
        (await t.platform.orm.em.getConnection().execute('select count(*) as n from forms.uploads')) as { n: string }[]
      )[0]!.n,
    );

  it('should store a picked file, name it cleanly, take it with the submission and serve its bytes to the owner only', async () => {
    const form = await liveForm([{ type: 'FILE', label: 'CV', ref: 'cv', required: true }]);
    const bytes = pdf('Ada Lovelace, analyst');
    const stored = await upload(form.uuid, {
      fieldRef: 'cv',
      fileName: 'C:\\fakepath\\..\\ada\u202e"cv".pdf',
      content: bytes.toString('base64'),
    });
    expect(stored.status).toBe(201);
    expect(stored.body.data).toEqual({
      fileUrl: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/forms/${form.uuid}/files/fup_[0-9a-z]{26}$`)),
      fileName: 'ada_cv_.pdf',
      fileSize: bytes.length,
      contentType: 'application/pdf',
    });
    const { fileUrl } = stored.body.data;

    // The browser's word for the name and size is not kept: the stored file's are.
    const submitted = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { name: 'Ada', cv: { fileUrl, fileName: 'other.exe', fileSize: 1 } } },
    });
    expect(submitted.status).toBe(201);
    const answers = (
      await t.request('GET', `/forms/${form.id}/submissions/${submitted.body.data.submissionId}`, { key })
    ).body.data.answers;
    expect(answers.cv).toEqual({ fileUrl, fileName: 'ada_cv_.pdf', fileSize: bytes.length });

    const served = await download(fileUrl, key);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="ada_cv_.pdf"; filename*=UTF-8''ada_cv_.pdf`,
    );
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);

    // Without a key 401; another organization's key does not find it (404), nor by its own form's id.
    expect((await download(fileUrl)).status).toBe(401);
    const foreign = await download(fileUrl, other);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const otherForm = await liveForm([], other);
    const fileId = fileUrl.split('/').pop();
    expect(
      (await fetch(`${t.url}/forms/${otherForm.id}/files/${fileId}`, { headers: { authorization: `Bearer ${other}` } }))
        .status,
    ).toBe(404);

    // Taken by that submission, the file cannot be the answer of another one.
    const again = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { name: 'Eve', cv: { fileUrl } } },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'cv' } });
  });

  it("should refuse a file over the field's size and a type the bytes do not show, in the forms envelope, storing nothing", async () => {
    const form = await liveForm([
      { type: 'FILE', label: 'Small', ref: 'small', settings: { maxFileSize: 1000 } },
      { type: 'FILE', label: 'Scan', ref: 'scan', settings: { allowedTypes: ['application/pdf', 'image/*'] } },
    ]);
    const before = await uploadCount();
    const big = await upload(form.uuid, {
      fieldRef: 'small',
      fileName: 'big.pdf',
      content: pdf('x'.repeat(2000)).toString('base64'),
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { field: 'small', expected: 'at most 1000 bytes' },
    });
    // Named .pdf, declared a PDF: the bytes are a web page, so it is text, which this field does not take.
    const disguised = await upload(form.uuid, {
      fieldRef: 'scan',
      fileName: 'scan.pdf',
      content: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'scan', received: 'text/plain', expected: ['application/pdf', 'image/*'] },
    });
    expect(disguised.body.error.message).toBe('Scan: this question takes PDF or images; this file is text/plain');
    const noField = await upload(form.uuid, {
      fieldRef: 'name',
      fileName: 'a.pdf',
      content: pdf('a').toString('base64'),
    });
    expect(noField.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'fieldRef', expected: ['small', 'scan'] },
    });
    const notBase64 = await upload(form.uuid, { fieldRef: 'scan', fileName: 'a.pdf', content: '%%%' });
    expect(notBase64.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'content' } });
    expect(await uploadCount()).toBe(before);
    // An image the field's family takes is stored with the type its bytes show.
    const image = await upload(form.uuid, { fieldRef: 'scan', fileName: 'scan.pdf', content: PNG.toString('base64') });
    expect(image.status).toBe(201);
    expect(image.body.data.contentType).toBe('image/png');
    // Field settings are checked when saved.
    const bad = await t.request('POST', `/forms/${form.id}/fields`, {
      key,
      body: { type: 'FILE', label: 'X', settings: { maxFileSize: 20 * 1024 * 1024 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('settings.maxFileSize');
  });

  it('should keep a typed link as the answer, and refuse a file of another form', async () => {
    const form = await liveForm([{ type: 'FILE', label: 'CV', ref: 'cv' }]);
    const second = await liveForm([{ type: 'FILE', label: 'CV', ref: 'cv' }]);
    const link = { fileUrl: 'https://files.example/cv.pdf', fileName: 'cv.pdf', fileSize: 1234 };
    const typed = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { cv: link } },
    });
    expect(typed.status).toBe(201);
    expect(
      (await t.request('GET', `/forms/${form.id}/submissions/${typed.body.data.submissionId}`, { key })).body.data
        .answers.cv,
    ).toEqual(link);
    const elsewhere = (
      await upload(second.uuid, { fieldRef: 'cv', fileName: 'a.pdf', content: pdf('a').toString('base64') })
    ).body.data.fileUrl;
    const refused = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/partial`, {
      body: { data: { cv: { fileUrl: elsewhere } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'cv' } });
  });

  it('should store the file of a plain post (no JavaScript) with the answers in one step, and show a refused file beside its question', async () => {
    const form = await liveForm([
      { type: 'FILE', label: 'CV', ref: 'cv', required: true, settings: { maxFileSize: 100 } },
    ]);
    const page = await (await fetch(`${t.url}/f/${form.uuid}`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('enctype="multipart/form-data"');
    expect(page).toMatch(
      /<input type="file" id="q-cv" name="cv" aria-describedby="hint-cv err-cv file-cv" data-max-bytes="100" required>/,
    );
    expect(page).toContain('<p class="hint" id="hint-cv">Up to 100 bytes</p>');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
    const visitor = newVisitorIp();
    const post = (fields: Parameters<typeof multipart>[0]) => {
      const { body, type } = multipart({ _action: 'submit', _csrf: csrf, _submission: '', ...fields });
      return fromIp(t.url, visitor, 'POST', `/f/${form.uuid}`, {
        headers: { accept: 'text/html', 'content-type': type, 'content-length': String(body.length) },
        body,
      });
    };
    const before = await uploadCount();
    const tooBig = await post({
      name: 'Grace',
      cv: { name: 'big.pdf', type: 'application/pdf', bytes: pdf('y'.repeat(200)) },
    });
    expect(tooBig.status).toBe(413);
    expect(String(tooBig.body)).toMatch(
      /<p class="error" id="err-cv" role="status">CV: the file is \d+ bytes; at most 100 bytes<\/p>/,
    );
    expect(String(tooBig.body)).toContain('value="Grace"');
    expect(await uploadCount()).toBe(before);

    const small = pdf('ok');
    const sent = await post({
      name: 'Grace',
      cv: { name: 'grace.pdf', type: 'application/octet-stream', bytes: small },
    });
    expect(sent.status).toBe(200);
    expect(String(sent.body)).toContain('Your answers were sent.');
    const [submission] = (await t.request('GET', `/forms/${form.id}/submissions`, { key })).body.data;
    expect(submission.answers).toEqual({
      name: 'Grace',
      cv: {
        fileUrl: expect.stringContaining(`${PUBLIC_URL}/forms/${form.uuid}/files/fup_`),
        fileName: 'grace.pdf',
        fileSize: small.length,
      },
    });
    expect(Buffer.from(await (await download(submission.answers.cv.fileUrl, key)).arrayBuffer()).equals(small)).toBe(
      true,
    );
  });

  it('should delete uploads no submission took within 24 hours (the Agenda sweep, injected clock), keeping taken ones', async () => {
    const form = await liveForm([{ type: 'FILE', label: 'CV', ref: 'cv' }]);
    const start = clock.now();
    const orphan = (
      await upload(form.uuid, { fieldRef: 'cv', fileName: 'left.pdf', content: pdf('left').toString('base64') })
    ).body.data.fileUrl;
    const taken = (
      await upload(form.uuid, { fieldRef: 'cv', fileName: 'kept.pdf', content: pdf('kept').toString('base64') })
    ).body.data.fileUrl;
    // A partial holds a file without taking it: only a completed submission does.
    const partial = (
      await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/partial`, {
        body: { data: { cv: { fileUrl: orphan } } },
      })
    ).body.data.submissionId;
    expect(
      (
        await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
          body: { data: { cv: { fileUrl: taken } } },
        })
      ).status,
    ).toBe(201);

    clock.set(new Date(start.getTime() + 23 * HOUR));
    await sweepOrphanUploads({ ...t.platform.deps, clock });
    expect((await download(orphan, key)).status).toBe(200);
    clock.set(new Date(start.getTime() + 25 * HOUR));
    await t.platform.jobs.agenda.now(UPLOAD_SWEEP_JOB, {});
    await eventually(async () => (await download(orphan, key)).status === 404);
    expect((await download(taken, key)).status).toBe(200);
    // Completing that partial now says the file is gone, beside its question.
    const late = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { submissionId: partial },
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'CV: this file is no longer available; upload it again',
      details: { field: 'cv' },
    });
    clock.set(new Date());
  });
});
