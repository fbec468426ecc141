import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { FormSubmission } from '../entities/form-submission.entity.js';
import { SUBMISSION_STATUSES } from '../entities/form-status.js';
import { findForm } from '../forms/form-lookup.js';
import { formPageMeta, resolveFormPage } from '../shared/form-page.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { endOfDayIfDate, parseDate, validationError } from '../shared/validation-error.js';
import { submissionView, type FormSubmissionList, type FormSubmissionView } from './form-submission.types.js';

export interface SubmissionListArgs {
  page?: number | null;
  limit?: number | null;
  status?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** Reading and deleting a form's submissions (management, API key). */
export class FormSubmissionService {
  /** Newest first; dates filter on the creation time; a date-only endDate covers its whole day. */
  async list(em: EntityManager, formId: string, args: SubmissionListArgs): Promise<FormSubmissionList> {
    const page = resolveFormPage(args);
    if (args.status != null && !(SUBMISSION_STATUSES as readonly string[]).includes(args.status))
      throw validationError('status', args.status, SUBMISSION_STATUSES, 'status must be partial or complete');
    const from = parseDate('startDate', args.startDate);
    const to = endOfDayIfDate(args.endDate, parseDate('endDate', args.endDate));
    if (from && to && from > to)
      throw validationError('startDate', args.startDate, `<= ${args.endDate}`, 'startDate must not be after endDate');
    const form = await findForm(em, formId);
    const where: Record<string, unknown> = { formId: form.id };
    if (args.status) where.status = args.status;
    if (from || to) where.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    const [rows, total] = await em.findAndCount(FormSubmission, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data: rows.map(submissionView), meta: formPageMeta(page, total) };
  }

  /**
   * Every submission of the organization by one respondent, newest first: what CRM's Contact.formSubmissions will
   * resolve (matched on the lower-cased respondentEmail, indexed).
   */
  async byRespondent(
    em: EntityManager,
    email: string,
    args: { page?: number | null; limit?: number | null },
  ): Promise<FormSubmissionList> {
    const page = resolveFormPage(args);
    if (!isEmailAddress(email))
      throw validationError(
        'email',
        email,
        'an email address such as name@example.com',
        'email must be an email address',
      );
    const [rows, total] = await em.findAndCount(
      FormSubmission,
      { respondentEmail: email.trim().toLowerCase() },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(submissionView), meta: formPageMeta(page, total) };
  }

  async get(em: EntityManager, formId: string, submissionId: string): Promise<FormSubmissionView> {
    return submissionView(await this.find(em, formId, submissionId));
  }

  async delete(em: EntityManager, formId: string, submissionId: string): Promise<boolean> {
    const row = await this.find(em, formId, submissionId);
    await em.remove(row).flush();
    return true;
  }

  private async find(em: EntityManager, formId: string, submissionId: string): Promise<FormSubmission> {
    const form = await findForm(em, formId);
    const row = await em.findOne(FormSubmission, { id: submissionId, formId: form.id });
    if (!row) throw notFound('Submission');
    return row;
  }
}
