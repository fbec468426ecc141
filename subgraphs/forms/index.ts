import type { SubgraphModule } from '../../platform/federation/subgraph-module.js';
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
import { FORMS_ERROR_CODES } from './forms-error-codes.js';

export const FORMS_RESOLVERS = [FormResolver, FormFieldResolver, PublicFormResolver, FormSubmissionResolver, FormAnalyticsResolver, ContactSubmissionsResolver, FormHostingResolver] as const;

/** The forms module: builder, public forms and their hosted pages, partial and complete submissions, analytics; `Contact.formSubmissions` on CRM's contact. */
export function formsModule(): SubgraphModule {
  return {
    name: 'forms',
    errorCodes: FORMS_ERROR_CODES,
    data: {
      entities: [Form, FormField, FormSubmission, FormView],
      migrations: [
        { name: 'Migration20261124000100_forms', class: Migration20261124000100_forms },
        { name: 'Migration20261202060000_forms_logos', class: Migration20261202060000_forms_logos },
      ],
    },
    // Resolvers without dependencies ignore the argument the container gives them.
    buildSchema: (platform) => buildFederatedSchema({ resolvers: [...FORMS_RESOLVERS], orphanedTypes: [ContactWithSubmissions], container: moduleContainer(platform) as never }),
    pageRoutes: (platform) => formPageRoutes(platform),
  };
}
