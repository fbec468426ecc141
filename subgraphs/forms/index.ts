import type { SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
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
import { Migration20261124000100_forms } from './migrations/Migration20261124000100_forms.js';

export const FORMS_RESOLVERS = [FormResolver, FormFieldResolver, PublicFormResolver, FormSubmissionResolver, FormAnalyticsResolver, ContactSubmissionsResolver] as const;

/** The forms module: builder, public forms, partial and complete submissions, analytics; `Contact.formSubmissions` on CRM's contact. */
export function formsModule(): SubgraphModule {
  return {
    name: 'forms',
    data: {
      entities: [Form, FormField, FormSubmission, FormView],
      migrations: [{ name: 'Migration20261124000100_forms', class: Migration20261124000100_forms }],
    },
    buildSchema: () => buildFederatedSchema({ resolvers: [...FORMS_RESOLVERS], orphanedTypes: [ContactWithSubmissions] }),
  };
}
