import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { consumeQuota } from '../../../platform/quotas/consume-quota.js';
import type { PlanName } from '../../../platform/rate-limit/plans.js';
import { Form } from '../entities/form.entity.js';
import type { FormField } from '../entities/form-field.entity.js';
import { FormSubmission } from '../entities/form-submission.entity.js';
import { FormView } from '../entities/form-view.entity.js';
import { fieldsOf } from '../forms/form-lookup.js';
import { hasPassword } from '../forms/form-password.js';
import { FormPasswordAttempts, type FormPasswordCheck } from './form-password-attempts.js';
import { MemoryRateLimitStore, RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { SLUG } from '../forms/form-input.types.js';
import { UUID, validationError } from '../shared/validation-error.js';
import { provided } from '../../../platform/validation/input-rules.js';
import type {
  FormPartialInput,
  FormSubmissionMetadataInput,
  FormSubmitInput,
  FormViewInput,
} from './public-form-input.types.js';
import { completedAnswers, mergeAnswers, parseAnswers } from './answers.parse.js';
import { writeCompleteSubmission } from './complete-submission.write.js';
import { fieldsVersionSql, LiveFormCache, type LiveForm } from './live-form.cache.js';
import { organizationPlans, type PlansPort } from '../../../platform/organizations/plans.port.js';
import { sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type {
  FormPartialResult,
  FormSubmitResult,
  FormViewRecorded,
  PublicForm,
  PublicFormLogo,
  PublicFormState,
} from './public-form.types.js';
import { logoRefOf, themeView } from '../forms/form-logo.js';
import { readFormLogo } from '../forms/form-logo.store.js';
import { systemClock, type JobClock } from '../../../platform/clock/job-clock.js';
import { FormUploads } from '../uploads/form-upload.service.js';
import type { FormFileUploadInput } from '../uploads/form-upload.input.js';
import type { FormFileUpload } from '../uploads/form-upload.types.js';
import { holdsUploadUrl, resolveUploadedFiles, takeUploads } from '../uploads/upload-answers.js';

/** How long a cached LIVE form (and its owner's plan) is reused; its fields and settings are re-checked by every write anyway. */
const LIVE_FORM_TTL_MS = 10_000;
/** A form edited again between each re-read and its write this many times in a row answers CONFLICT. */
const MAX_SUBMIT_ATTEMPTS = 3;

/**
 * The public side of forms. Callers have no key, so the organization comes from the
 * LIVE form found by uuid or slug, never from the request; every write runs on a fork scoped to it.
 */
export class PublicFormService {
  /** The owner's plan comes through the platform's port (platform.organizations is not the module's table). */
  constructor(
    private readonly plans: PlansPort = organizationPlans,
    private readonly passwords: FormPasswordAttempts = new FormPasswordAttempts(
      new RateLimiter(new MemoryRateLimitStore()),
    ),
    /** Makes the theme's `logoUrl` and uploads' `fileUrl` absolute, like the form's `url`. */
    private readonly publicUrl = '',
    /** Now, for uploads' ages (the orphan sweep reads them with the same clock). */
    clock: JobClock = systemClock,
  ) {
    this.uploads = new FormUploads(publicUrl, clock);
  }

  private readonly uploads: FormUploads;

  private readonly liveForms = new LiveFormCache({ ttlMs: LIVE_FORM_TTL_MS, maxEntries: 10_000 });

  /** A password form shows its title without the password and its fields only with the right one. */
  async view(root: EntityManager, ref: string, password: string | null): Promise<PublicForm> {
    const { form, em } = await this.liveForm(root, ref);
    const locked = hasPassword(form.settings) && password == null;
    if (!locked) await this.passwords.forRequest(password)(form);
    const fields = locked ? [] : await fieldsOf(em, form.id);
    const theme = form.theme as { preset?: string; colors?: Record<string, unknown>; font?: string };
    return {
      uuid: form.uuid,
      title: form.title,
      description: form.description,
      fields: fields.map((f) => ({
        ref: f.ref,
        type: f.type,
        label: f.label,
        required: f.required,
        placeholder: f.placeholder,
        settings: f.settings,
      })),
      settings: {
        requiresAuth: form.settings.requireApiKey === true,
        hasPassword: hasPassword(form.settings),
        layout: form.settings.layout === 'ONE_PER_SCREEN' ? 'ONE_PER_SCREEN' : 'ALL_AT_ONCE',
        thankYouMessage: typeof form.settings.thankYouMessage === 'string' ? form.settings.thankYouMessage : null,
      },
      theme: {
        preset: theme.preset ?? null,
        colors: theme.colors ?? null,
        font: theme.font ?? null,
        logoUrl: (themeView(form.theme, form.uuid, this.publicUrl).logoUrl as string | undefined) ?? null,
      },
    };
  }

  /** The logo of a LIVE form (null without one); a password form shows it before the password, like its title. */
  async logo(root: EntityManager, ref: string): Promise<PublicFormLogo | null> {
    const { form, em } = await this.liveForm(root, ref);
    const logo = logoRefOf(form.theme) ? await readFormLogo(em, form.id) : null;
    return logo ? { contentType: logo.contentType, digest: logo.digest, base64: logo.bytes.toString('base64') } : null;
  }

  /** Whether a ref names a LIVE form, or one its owner closed or unpublished (drafts and archived forms stay unknown). */
  async state(root: EntityManager, ref: string): Promise<PublicFormState> {
    const where = UUID.test(ref) ? { uuid: ref.toLowerCase() } : SLUG.test(ref) ? { slug: ref } : null;
    // Public and unfiltered, like the LIVE lookup; newest state of that ref first.
    const forms = where
      ? await root.find(
          Form,
          { ...where, status: { $in: ['LIVE', 'CLOSED', 'PAUSED'] } },
          { filters: false, orderBy: { updatedAt: 'desc' }, limit: 5 },
        )
      : [];
    const shown = forms.find((f) => f.status === 'LIVE') ?? forms[0];
    if (!shown) return { state: 'NOT_FOUND', title: null };
    return { state: shown.status, title: shown.status === 'LIVE' ? null : shown.title };
  }

  /** Stores a respondent's file for a FILE field; its `fileUrl` goes into the partial or the submit as the answer. */
  async upload(
    root: EntityManager,
    auth: Auth | null,
    ref: string,
    input: FormFileUploadInput | null,
    password: string | null,
  ): Promise<FormFileUpload> {
    const { form, em } = await this.liveForm(root, ref);
    checkAccess(form, auth);
    await this.passwords.forRequest(password)(form);
    return this.uploads.store(em, form, await fieldsOf(em, form.id), input);
  }

  async recordView(
    root: EntityManager,
    ref: string,
    input: FormViewInput | null,
    password: string | null,
  ): Promise<FormViewRecorded> {
    const body = provided(input);
    const { form, em } = await this.liveForm(root, ref);
    await this.passwords.forRequest(password)(form);
    em.create(FormView, {
      formId: form.id,
      organizationId: form.organizationId,
      sessionId: body.sessionId ?? null,
      visitorHash: body.visitorHash ?? null,
      referrer: body.referrer ?? null,
    });
    await em.flush();
    return { recorded: true };
  }

  /** Completes a submission: a new one, or the partial named by `submissionId` (answers merge). */
  async submit(
    root: EntityManager,
    auth: Auth | null,
    ref: string,
    input: FormSubmitInput | null,
    password: string | null,
  ): Promise<FormSubmitResult> {
    const body: Record<string, unknown> = provided(input);
    const checkPassword = this.passwords.forRequest(password);
    if (body.submissionId != null) {
      const { form, em } = await this.liveForm(root, ref);
      // Two independent reads, one round trip of waiting.
      const [fields, plan] = await Promise.all([fieldsOf(em, form.id), planOf(this.plans, em, form, auth)]);
      const checked = await checkSubmit({ form, fields, plan }, auth, body, checkPassword);
      return submitted(form, await this.completePartial(em, checked, body.submissionId));
    }
    // A new submission, the hot path: the form from the cache, checked again by the write itself.
    const key = UUID.test(ref) ? ref.toLowerCase() : ref;
    for (let attempt = 1; ; attempt++) {
      const cached = this.liveForms.get(key, Date.now());
      const live = cached ?? (await this.readLiveForm(root, key));
      try {
        const submissionId = await submitNew(root, key, live, auth, body, checkPassword, this.publicUrl);
        if (submissionId) return submitted(live.form, submissionId);
      } catch (error) {
        // A refusal may come from a stale copy (a password just removed, an option just added): only a fresh read refuses.
        if (!cached) throw error;
      }
      this.liveForms.drop(key); // changed since it was read: read it again
      if (attempt === MAX_SUBMIT_ATTEMPTS)
        throw new DomainError('CONFLICT', 'The form changed while it was being submitted; submit again');
    }
  }

  /** A LIVE form for the cache. The fields' version is read before the fields, so a change in between fails the write's guard rather than passing it. */
  private async readLiveForm(root: EntityManager, key: string): Promise<LiveForm> {
    const { form, em } = await this.liveForm(root, key);
    const [[version], plan] = await Promise.all([
      tenantSql(em).rows<{ version: string }>(sql`select ${fieldsVersionSql(form.id)} as version`),
      planOf(this.plans, em, form, null),
    ]);
    const live: LiveForm = {
      form,
      fields: await fieldsOf(em, form.id),
      plan,
      fieldsVersion: version!.version,
      loadedAt: Date.now(),
    };
    this.liveForms.set(key, live);
    return live;
  }

  /** Completes the partial named by `submissionId`: locked, merged, counted and announced in one transaction. */
  private async completePartial(
    em: EntityManager,
    { form, plan, fields, given, respondentEmail, metadata }: CheckedSubmit,
    submissionId: unknown,
  ): Promise<string> {
    const submission = await em.transactional(async (tx) => {
      const now = new Date();
      const row = await this.openPartial(tx, form, submissionId);
      const files = await resolveUploadedFiles(
        tx,
        this.publicUrl,
        form,
        fields,
        completedAnswers(fields, mergeAnswers(row.answers, given)),
        true,
      );
      const answers = files.answers;
      tx.assign(row, {
        status: 'complete',
        answers,
        completedAt: now,
        respondentEmail: respondentEmail ?? row.respondentEmail,
        metadata: { ...row.metadata, ...metadata },
      });
      await tx.flush();
      await takeUploads(tx, row.id, files);
      // Counted and announced in the submission's own transaction: all of it commits or none.
      await consumeQuota(tx, plan, 'formSubmissions', 1);
      await emitEvent(tx, 'form.submitted', {
        formId: form.id,
        submissionId: row.id,
        fields: answers,
        respondentEmail: row.respondentEmail,
        submittedAt: now.toISOString(),
      });
      return row;
    });
    return submission.id;
  }

  /** Creates a partial submission or continues one; answers merge and nothing is required yet. */
  async partial(
    root: EntityManager,
    auth: Auth | null,
    ref: string,
    input: FormPartialInput | null,
    password: string | null,
  ): Promise<FormPartialResult> {
    const body: Record<string, unknown> = provided(input);
    const { form, em } = await this.liveForm(root, ref);
    checkAccess(form, auth);
    await this.passwords.forRequest(password)(form);
    const fields = await fieldsOf(em, form.id);
    // Files are checked now, and taken by the submission only when it completes.
    const { answers: given } = await resolveUploadedFiles(em, this.publicUrl, form, fields, parseAnswers(fields, body));
    const respondentEmail = checkEmail(body.respondentEmail);
    const metadata = checkMetadata(body.metadata);
    const lastFieldId = checkLastField(fields, body.lastFieldId);
    const submission = await em.transactional(async (tx) => {
      const existing = body.submissionId != null ? await this.openPartial(tx, form, body.submissionId) : null;
      const answers = mergeAnswers(existing?.answers ?? {}, given);
      const row =
        existing ??
        tx.create(FormSubmission, { id: newId('sub'), formId: form.id, organizationId: form.organizationId });
      tx.assign(row, {
        answers,
        respondentEmail: respondentEmail ?? row.respondentEmail,
        lastFieldId: lastFieldId ?? row.lastFieldId,
        metadata: { ...row.metadata, ...metadata },
      });
      await tx.flush();
      await emitEvent(tx, 'form.partial', {
        formId: form.id,
        submissionId: row.id,
        fields: answers,
        lastFieldId: row.lastFieldId,
        respondentEmail: row.respondentEmail,
      });
      return row;
    });
    return { submissionId: submission.id };
  }

  /** Only LIVE forms are served; a slug shared by LIVE forms of two organizations answers the earliest published. */
  private async liveForm(root: EntityManager, ref: string): Promise<{ form: Form; em: EntityManager }> {
    const where = UUID.test(ref)
      ? { uuid: ref.toLowerCase(), status: 'LIVE' as const }
      : SLUG.test(ref)
        ? { slug: ref, status: 'LIVE' as const }
        : null;
    // The public caller has no organization yet: this one lookup runs unfiltered, on LIVE forms only.
    const form = where
      ? await root.findOne(Form, where, { filters: false, orderBy: { publishedAt: 'asc', id: 'asc' } })
      : null;
    if (!form) throw notFound('Form');
    return { form, em: forkForTenant(root, form.organizationId) };
  }

  /** The partial to continue, locked so two saves of one respondent merge one after the other. */
  private async openPartial(tx: EntityManager, form: Form, submissionId: unknown): Promise<FormSubmission> {
    if (typeof submissionId !== 'string' || submissionId.length > 64)
      throw validationError(
        'submissionId',
        submissionId,
        'a submission id from /partial',
        'submissionId must be a string',
      );
    const row = await tx.findOne(
      FormSubmission,
      { id: submissionId, formId: form.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row) throw notFound('Submission');
    if (row.status !== 'partial')
      throw validationError(
        'submissionId',
        submissionId,
        'a partial submission',
        'This submission is already complete',
      );
    return row;
  }
}

/** A submit request checked against its form: access, password, answers parsed by field type, email and metadata. */
interface CheckedSubmit {
  form: Form;
  plan: PlanName;
  fields: FormField[];
  given: Record<string, unknown>;
  respondentEmail: string | null;
  metadata: Record<string, unknown>;
}

async function checkSubmit(
  target: Pick<LiveForm, 'form' | 'fields' | 'plan'>,
  auth: Auth | null,
  body: Record<string, unknown>,
  checkPassword: FormPasswordCheck,
): Promise<CheckedSubmit> {
  checkAccess(target.form, auth);
  await checkPassword(target.form);
  return {
    ...target,
    given: parseAnswers(target.fields, body),
    respondentEmail: checkEmail(body.respondentEmail),
    metadata: checkMetadata(body.metadata),
  };
}

/** Checks a new submission against `live` and writes it; null when the form changed since `live` was read. */
async function submitNew(
  em: EntityManager,
  ref: string,
  live: LiveForm,
  auth: Auth | null,
  body: Record<string, unknown>,
  checkPassword: FormPasswordCheck,
  publicUrl: string,
): Promise<string | null> {
  const checked = await checkSubmit(live, auth, body, checkPassword);
  const answers = completedAnswers(live.fields, mergeAnswers({}, checked.given));
  const submission = { ref, live, answers, respondentEmail: checked.respondentEmail, metadata: checked.metadata };
  if (!holdsUploadUrl(publicUrl, live.fields, answers)) return writeCompleteSubmission(em, submission);
  // With uploaded files: the files locked, the submission written, the files taken, in one transaction.
  return forkForTenant(em, live.form.organizationId).transactional(async (tx) => {
    const files = await resolveUploadedFiles(tx, publicUrl, live.form, live.fields, answers, true);
    const id = await writeCompleteSubmission(tx, { ...submission, answers: files.answers });
    if (id) await takeUploads(tx, id, files);
    return id;
  });
}

function submitted(form: Form, submissionId: string): FormSubmitResult {
  return {
    submissionId,
    status: 'COMPLETED',
    redirectUrl: typeof form.settings.redirectUrl === 'string' ? form.settings.redirectUrl : null,
  };
}

/** requireApiKey: web submissions are refused; API submissions need a key of the form's organization. */
function checkAccess(form: Form, auth: Auth | null): void {
  if (form.settings.requireApiKey !== true) return;
  if (!auth)
    throw new DomainError(
      'UNAUTHORIZED',
      'This form takes submissions with an API key of its organization (X-API-Key)',
    );
  if (auth.organizationId !== form.organizationId || auth.keyType === 'GATEWAY')
    throw new DomainError('FORBIDDEN', "This key does not belong to the form's organization");
}

/** The address as stored (its format is checked by FormSubmitInput). */
function checkEmail(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  return value.trim().toLowerCase();
}

/** Submit metadata as stored: the keys given (their lengths are checked by FormSubmissionMetadataInput). */
function checkMetadata(value: unknown): Record<string, unknown> {
  if (value == null) return {};
  const metadata = provided(value as FormSubmissionMetadataInput) as Record<string, unknown>;
  if (metadata.utm != null) metadata.utm = provided(metadata.utm as object);
  return metadata;
}

function checkLastField(fields: FormField[], value: unknown): number | null {
  if (value == null) return null;
  if (!fields.some((f) => f.id === value))
    throw validationError(
      'lastFieldId',
      value,
      fields.map((f) => f.id),
      'lastFieldId must be a field id of this form',
    );
  return value as number;
}

/** The quota is the form owner's, whoever submits. */
async function planOf(plans: PlansPort, em: EntityManager, form: Form, auth: Auth | null): Promise<PlanName> {
  if (auth && auth.organizationId === form.organizationId) return auth.plan;
  return plans.planOf(em); // em is the form owner's (forkForTenant)
}
