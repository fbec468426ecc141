import type { ModuleListener, PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { Form } from './entities/form.entity.js';
import { FormField } from './entities/form-field.entity.js';
import { FormSubmission } from './entities/form-submission.entity.js';
import { FormView } from './entities/form-view.entity.js';
import { FormResolver } from './forms/form.resolver.js';
import { FormFieldResolver } from './fields/form-field.resolver.js';
import { PublicFormResolver } from './public/public-form.resolver.js';
import { FormSubmissionResolver } from './submissions/form-submission.resolver.js';
import { FormAnalyticsResolver } from './analytics/form-analytics.resolver.js';
import { ContactSubmissionsResolver, ContactWithSubmissions } from './contacts/contact-submissions.resolver.js';
import { FormHostingResolver } from './hosted/form-hosting.resolver.js';
import { formPageRoutes } from './hosted/form-page.route.js';
import { Migration20261124000100_forms } from './migrations/Migration20261124000100_forms.js';
import { Migration20261202060000_forms_logos } from './migrations/Migration20261202060000_forms_logos.js';
import { Migration20261202150000_forms_uploads } from './migrations/Migration20261202150000_forms_uploads.js';
import { FORMS_ERROR_CODES } from './forms-error-codes.js';
import { FormUploadResolver } from './uploads/form-upload.resolver.js';
import { UPLOAD_SWEEP_INTERVAL, UPLOAD_SWEEP_JOB, uploadSweepJob } from './jobs/upload-sweep.job.js';
import { systemClock, type JobClock } from '../../platform/clock/job-clock.js';
import type { FormsDeps } from './forms-deps.js';

export const FORMS_RESOLVERS = [
  FormResolver,
  FormFieldResolver,
  PublicFormResolver,
  FormSubmissionResolver,
  FormAnalyticsResolver,
  ContactSubmissionsResolver,
  FormHostingResolver,
  FormUploadResolver,
] as const;

export interface FormsModuleOptions {
  /** Now, for uploads' ages and the orphan upload sweep; default the wall clock. */
  clock?: JobClock;
}

/**
 * The forms module: builder, public forms and their hosted pages, partial and complete submissions, respondents'
 * files, analytics; `Contact.formSubmissions` on CRM's contact.
 */
export function formsModule(options: FormsModuleOptions = {}): SubgraphModule {
  let deps: FormsDeps | undefined;
  const depsFor = (platform: PlatformDeps): FormsDeps =>
    (deps ??= { ...platform, clock: options.clock ?? systemClock });
  return {
    name: 'forms',
    errorCodes: FORMS_ERROR_CODES,
    data: {
      entities: [Form, FormField, FormSubmission, FormView],
      migrations: [
        { name: 'Migration20261124000100_forms', class: Migration20261124000100_forms },
        { name: 'Migration20261202060000_forms_logos', class: Migration20261202060000_forms_logos },
        { name: 'Migration20261202150000_forms_uploads', class: Migration20261202150000_forms_uploads },
      ],
    },
    defineJobs: (platform) => platform.jobs.define(uploadSweepJob(depsFor(platform))),
    // After jobs start: one sweep schedule per job store, however many processes ask.
    startListeners: async (platform): Promise<ModuleListener[]> => {
      await platform.jobs.every(UPLOAD_SWEEP_INTERVAL, UPLOAD_SWEEP_JOB);
      return [];
    },
    // Resolvers without dependencies ignore the argument the container gives them.
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: [...FORMS_RESOLVERS],
        orphanedTypes: [ContactWithSubmissions],
        container: moduleContainer(depsFor(platform)) as never,
      }),
    pageRoutes: (platform) => formPageRoutes(platform),
  };
}
