import type { SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { Contact } from './entities/contact.entity.js';
import { Company } from './entities/company.entity.js';
import { PropertyDefinition } from './entities/property-definition.entity.js';
import { ContactResolver } from './contacts/contact.resolver.js';
import { CompanyResolver } from './companies/company.resolver.js';
import { CqlResolver } from './cql/cql.resolver.js';
import { PropertyResolver } from './properties/property.resolver.js';
import { TagResolver } from './tags/tag.resolver.js';
import { Tag } from './entities/tag.entity.js';
import { CrmList } from './entities/crm-list.entity.js';
import { ListResolver } from './lists/list.resolver.js';
import { ActivityResolver } from './activities/activity.resolver.js';
import { CrmDashboardResolver } from './dashboards/dashboard.resolver.js';
import { IntegrationResolver } from './integrations/integration.resolver.js';
import { integrationPushJob } from './integrations/integration-push.job.js';
import { ContactFieldsResolver } from './contacts/contact-fields.resolver.js';
import { ContactExtrasResolver } from './contacts/contact-extras.resolver.js';
import { evaluateListJob } from './lists/evaluate-list.job.js';
import { resolveContactReference } from './contacts/contact.reference.js';
import { resolveCompanyReference } from './companies/company.reference.js';
import { CommitLane } from './writes/commit-lane.js';
import { startWriteSweeper } from './writes/write-sweeper.js';
import { Migration20261125000100_crm } from './migrations/Migration20261125000100_crm.js';
import { Migration20261127000100_crm_contact_totals } from './migrations/Migration20261127000100_crm_contact_totals.js';
import { CRM_ERROR_CODES } from './crm-error-codes.js';

export const CRM_RESOLVERS = [
  ContactResolver,
  CompanyResolver,
  CqlResolver,
  PropertyResolver,
  TagResolver,
  ListResolver,
  ActivityResolver,
  ContactFieldsResolver,
  ContactExtrasResolver,
  CrmDashboardResolver,
  IntegrationResolver,
] as const;

export interface CrmOptions {
  /** Awaited before each drain of accepted writes (tests hold commits back to observe PENDING). */
  beforeCommit?: () => Promise<void>;
  /** Clock of the integrations' rate windows (tests). */
  clock?: () => Date;
}

/** The CRM module: contacts (asynchronous writes), companies, tags, lists, properties, activities, CQL. */
export function crmModule(options: CrmOptions = {}): SubgraphModule {
  let stopSweeper: (() => void) | undefined;
  let lane: CommitLane | undefined;
  return {
    name: 'crm',
    errorCodes: CRM_ERROR_CODES,
    data: {
      entities: [Contact, Company, PropertyDefinition, Tag, CrmList],
      migrations: [
        { name: 'Migration20261125000100_crm', class: Migration20261125000100_crm },
        { name: 'Migration20261127000100_crm_contact_totals', class: Migration20261127000100_crm_contact_totals },
      ],
    },
    buildSchema: (deps) =>
      buildFederatedSchema(
        {
          resolvers: [...CRM_RESOLVERS],
          orphanedTypes: [],
          container: moduleContainer(deps) as never,
          invalidInputCode: 'INVALID_REQUEST',
        },
        {
          Contact: { __resolveReference: resolveContactReference },
          Company: { __resolveReference: resolveCompanyReference },
        },
      ),
    defineJobs: (deps) => {
      lane = new CommitLane(deps, { beforeCommit: options.beforeCommit });
      void lane.start();
      deps.jobs.define(evaluateListJob(deps));
      deps.jobs.define(integrationPushJob(deps, options.clock));
      stopSweeper = startWriteSweeper(deps);
    },
    close: async () => {
      stopSweeper?.();
      await lane?.stop();
    },
  };
}
