import type { FastifyReply } from 'fastify';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { html } from '../../../platform/http/html/html.js';
import { sendPage, wantsHtml, type PageOptions } from '../../../platform/http/html/page.js';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';
import type { OperationResult, PageApi, PageRoute } from '../../../platform/http/html/page-route.js';
import { answersFromPost } from './form-answers.read.js';
import { PAGE_UPLOAD_BODY_LIMIT, splitPost, uploadPostedFiles } from './form-page-files.js';
import type { MultipartForm, PostedFile } from '../../../platform/http/multipart.js';
import { EMBED_SCRIPT } from './form-embed.script.js';
import { formPage, passwordPage, redirectPage, thankYouPage, unavailablePage } from './form-page.view.js';
import type { HostedForm, PostedValues } from './public-form.view-model.js';

/** Reads of the page count like the public form's JSON (1,000 a minute per IP); posts like its submit (10). */
const PAGE_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };
const PAGE_POSTS = { category: 'general' as const, endpoint: { limit: 10, windowMs: 60_000 } };

type Params = { formRef: string };

/**
 * The hosted form: `GET /f/{uuid or slug}` for browsers (JSON callers of the same URL get the API's answer), and
 * `POST /f/{uuid or slug}`, where the page's plain HTML form posts (password, answers). Every read and write is the
 * public API's own operation, so the page can do nothing the API would refuse. `GET /f/{uuid or slug}/logo` is the
 * form's logo, served from this host so the page loads nothing from elsewhere.
 */
export function formPageRoutes(deps: PlatformDeps): PageRoute[] {
  const guard = new PagePostGuard(deps.config.internalSecret);
  const purpose = (uuid: string) => `form:${uuid}`;
  return [
    {
      method: 'GET',
      path: '/f/embed.js',
      rateLimit: PAGE_READS,
      handle: async (_request, reply) =>
        reply
          .code(200)
          .headers({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' })
          .send(EMBED_SCRIPT),
    },
    {
      method: 'GET',
      path: '/f/:formRef/logo',
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { formRef } = request.params as Params;
        const result = await api.run<{
          publicFormLogo: { contentType: string; digest: string; base64: string } | null;
        }>('GetPublicFormLogo', { formRef });
        const logo = result.data?.publicFormLogo;
        if (!logo) {
          const limited = errorCode(result) === 'RATE_LIMITED';
          return reply
            .code(limited ? 429 : 404)
            .headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
            .send(limited ? 'Too many requests' : 'Not found');
        }
        // Asked for by its digest (the page's ?v=), this exact image may be cached for good; a bare URL briefly.
        const named = (request.query as { v?: unknown }).v === logo.digest;
        return reply
          .code(200)
          .headers({
            'Content-Type': logo.contentType,
            'X-Content-Type-Options': 'nosniff',
            'Content-Security-Policy': "default-src 'none'",
            'Cache-Control': named ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
            ETag: `"${logo.digest}"`,
          })
          .send(Buffer.from(logo.base64, 'base64'));
      },
    },
    {
      method: 'GET',
      path: '/f/:formRef',
      accepts: (request) => wantsHtml(request.headers.accept),
      rateLimit: PAGE_READS,
      handle: async (request, reply, api) => {
        const { formRef } = request.params as Params;
        const result = await api.run<{ publicForm: HostedForm }>('GetPublicForm', { formRef, password: null });
        const form = result.data?.publicForm;
        if (!form) return sendPage(reply, ...(await refusal(api, formRef, result)));
        if (form.settings.requiresAuth) return sendPage(reply, 403, ownerOnly(form.title));
        if (form.settings.hasPassword)
          return sendPage(reply, 200, passwordPage(form, form.uuid, guard.issue(purpose(form.uuid)), false));
        return sendPage(reply, 200, formPage({ form, csrf: guard.issue(purpose(form.uuid)) }));
      },
    },
    {
      method: 'POST',
      path: '/f/:formRef',
      rateLimit: PAGE_POSTS,
      uploads: { bodyLimitBytes: PAGE_UPLOAD_BODY_LIMIT },
      handle: async (request, reply, api) => {
        const { formRef } = request.params as Params;
        const { values: body, files } = splitPost(request.body as MultipartForm | undefined);
        const password = typeof body._password === 'string' && body._password !== '' ? body._password : null;
        let result = await api.run<{ publicForm: HostedForm }>('GetPublicForm', { formRef, password });
        const wrong = errorCode(result) === 'FORM_PASSWORD_INVALID';
        // A wrong password: the locked view (title, uuid) to ask again.
        if (wrong) result = await api.run<{ publicForm: HostedForm }>('GetPublicForm', { formRef, password: null });
        const form = result.data?.publicForm;
        if (!form) return sendPage(reply, ...(await refusal(api, formRef, result)));
        if (!guard.accepts(request, purpose(form.uuid), body._csrf))
          return sendPage(reply, 403, expiredPage(form.uuid));
        const csrf = guard.issue(purpose(form.uuid));
        if (form.settings.requiresAuth) return sendPage(reply, 403, ownerOnly(form.title));
        if (form.settings.hasPassword && (wrong || form.fields.length === 0))
          return sendPage(reply, wrong ? 403 : 200, passwordPage(form, form.uuid, csrf, wrong));
        if (body._action !== 'submit') return sendPage(reply, 200, formPage({ form, csrf, password }));
        return submit(reply, api, form, body, password, csrf, files);
      },
    },
  ];
}

async function submit(
  reply: FastifyReply,
  api: PageApi,
  form: HostedForm,
  body: PostedValues,
  password: string | null,
  csrf: string,
  files: Record<string, PostedFile> = {},
): Promise<FastifyReply> {
  // A bot that fills every field gets the thank-you page and nothing is stored.
  if (body._website) return sendPage(reply, 200, thankYouPage(form));
  // Files first: a refused file is shown beside its question, the others stay attached for the next post.
  const refused = await uploadPostedFiles(api, form, files, body, password);
  if (refused.length) {
    const codes = refused.map((r) => r.code);
    const status = codes.includes('RATE_LIMITED')
      ? 429
      : codes.includes('PAYLOAD_TOO_LARGE')
        ? 413
        : codes.every((c) => c === 'VALIDATION_ERROR')
          ? 400
          : 409;
    return sendPage(
      reply,
      status,
      formPage({
        form,
        csrf,
        values: body,
        problems: { byRef: Object.fromEntries(refused.map((r) => [r.ref, r.message])) },
        password,
      }),
    );
  }
  const data = answersFromPost(form.fields, body);
  const input: Record<string, unknown> = { data };
  if (body._submission) input.submissionId = body._submission;
  const result = await api.run<{ submitForm: { redirectUrl: string | null } }>('SubmitForm', {
    formRef: form.uuid,
    input,
    password,
  });
  const done = result.data?.submitForm;
  if (done) {
    // A page that moves on rather than a 303: the page's CSP (form-action 'self') would stop a redirect to another site.
    if (done.redirectUrl) return sendPage(reply, 200, redirectPage(form, done.redirectUrl));
    return sendPage(reply, 200, thankYouPage(form));
  }
  const error = result.errors?.[0];
  const code = errorCode(result);
  const field = (error?.extensions?.details as { field?: unknown } | undefined)?.field;
  const known = typeof field === 'string' && form.fields.some((f) => f.ref === field);
  // A partial that is gone (completed in another tab) is not the respondent's problem: submit the answers anew.
  if (code === 'NOT_FOUND' && body._submission)
    return submit(reply, api, form, { ...body, _submission: '' }, password, csrf);
  const message =
    code === 'RATE_LIMITED' || code === 'QUOTA_EXCEEDED'
      ? 'Too many submissions right now. Wait a minute and submit again.'
      : (error?.message ?? 'The answers could not be sent.');
  const problems = known ? { byRef: { [field as string]: error!.message } } : { byRef: {}, form: message };
  const status = code === 'RATE_LIMITED' || code === 'QUOTA_EXCEEDED' ? 429 : code === 'VALIDATION_ERROR' ? 400 : 409;
  return sendPage(reply, status, formPage({ form, csrf, values: body, problems, password }));
}

/** What to say about a form the public operation would not give. */
async function refusal(api: PageApi, formRef: string, result: OperationResult): Promise<[number, PageOptions]> {
  if (errorCode(result) === 'RATE_LIMITED')
    return [429, unavailablePage('Too many requests', 'Wait a minute and reload the page.', null)];
  const state = (
    await api.run<{ publicFormState: { state: string; title: string | null } }>('GetPublicFormState', { formRef })
  ).data?.publicFormState;
  if (state?.state === 'CLOSED')
    return [410, unavailablePage('This form is closed', 'It no longer takes answers.', state.title)];
  if (state?.state === 'PAUSED')
    return [
      404,
      unavailablePage(
        'This form is not published',
        'Its owner has unpublished it for now. Try again later.',
        state.title,
      ),
    ];
  return [404, unavailablePage('Form not found', 'Check the link you followed.', null)];
}

function ownerOnly(title: string): PageOptions {
  return unavailablePage(
    'This form is not open to the public',
    'Its owner takes answers to it through their own site only.',
    title,
  );
}

function expiredPage(uuid: string): PageOptions {
  return {
    ...unavailablePage('This page expired', 'Open the form again and send your answers once more.', null),
    body: html`<h1>This page expired</h1><p>Open the form again and send your answers once more.</p><p><a class="button" href="/f/${uuid}">Open the form</a></p>`,
  };
}

function errorCode(result: OperationResult): string | undefined {
  const code = result.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}
