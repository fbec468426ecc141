import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The module anatomy (docs/development.md, "Module anatomy"), checked on the source tree: a module that breaks it fails
 * here. The exceptions below are what the modules held when the rule was written, each with its reason; new code
 * follows the rule, and an exception is removed when its file is next changed.
 */
const root = join(import.meta.dirname, '..', '..', '..', 'subgraphs');

/** Modules whose top level differs, and why. */
const TOP_LEVEL_EXCEPTIONS: Record<string, { files: string[]; reason: string }> = {
  support: {
    files: ['index.ts', 'main.ts'],
    reason:
      'support declares its dependencies in shared/support-deps.ts; it moves to the top level with the next change of the module',
  },
};

/** Input classes declared beside the object types they mirror, from before the rule; split into `<concept>.input.ts` when the file is next changed. */
const INPUTS_OUTSIDE_INPUT_FILES = new Set([
  // ai-gateway
  'ai-gateway/credentials/provider-credential.types.ts',
  'ai-gateway/keys/gateway-key.types.ts',
  'ai-gateway/model-routes/model-route.types.ts',
  'ai-gateway/usage/usage-dashboard.resolver.ts',
  // auth
  'auth/applications/application.types.ts',
  'auth/audit/audit-log.service.ts',
  'auth/connections/connection.types.ts',
  'auth/organizations/organization.types.ts',
  'auth/security/policy.types.ts',
  'auth/sessions/session.types.ts',
  'auth/shared/request-info.ts',
  'auth/users/user.types.ts',
  // calendar
  'calendar/availability/availability.resolver.ts',
  'calendar/bookings/booking.resolver.ts',
  'calendar/dashboard/calendar-stats.resolver.ts',
  'calendar/event-types/event-type.resolver.ts',
  'calendar/schedules/schedule.resolver.ts',
  // crm
  'crm/activities/activity-input.types.ts',
  'crm/activities/activity.resolver.ts',
  'crm/companies/company-input.types.ts',
  'crm/companies/company.resolver.ts',
  'crm/contacts/contact-input.types.ts',
  'crm/contacts/contact.resolver.ts',
  'crm/cql/cql-input.types.ts',
  'crm/integrations/integration-input.types.ts',
  'crm/lists/list-input.types.ts',
  'crm/properties/property-input.types.ts',
  'crm/shared/crm-page.ts',
  'crm/tags/tag-input.types.ts',
  // domains
  'domains/dns/dns-record.types.ts',
  'domains/domains/domain.types.ts',
  'domains/search/search.types.ts',
  'domains/shared/contact.types.ts',
  // email
  'email/bounces/email-bounce.resolver.ts',
  'email/messages/email-message.resolver.ts',
  'email/messages/email-message.types.ts',
  'email/stats/email-stats.resolver.ts',
  'email/suppressions/email-suppression.resolver.ts',
  'email/templates/email-template.types.ts',
  // forms
  'forms/analytics/form-analytics.resolver.ts',
  'forms/forms/form-input.types.ts',
  'forms/forms/form.resolver.ts',
  'forms/public/public-form-input.types.ts',
  'forms/shared/form-page.ts',
  'forms/submissions/form-submission.resolver.ts',
  // mailboxes
  'mailboxes/domains/domain.types.ts',
  'mailboxes/inbox/inbox.resolver.ts',
  'mailboxes/labels/label.types.ts',
  'mailboxes/mailboxes/mailbox.types.ts',
  'mailboxes/messages/message.types.ts',
  // sms
  'sms/messages/sms-message.resolver.ts',
  'sms/settings/sms-settings.resolver.ts',
  'sms/suppressions/sms-suppression.resolver.ts',
  'sms/templates/sms-template.types.ts',
  // ai-gateway: written beside the anatomy rule on another branch; their input classes move to *.input.ts next
  'ai-gateway/budgets/budget.types.ts',
  'ai-gateway/prices/model-price.types.ts',
  'ai-gateway/request-logs/request-log.resolver.ts',
  'ai-gateway/request-logs/request-log.types.ts',
  // support
  'support/analytics/analytics.types.ts',
  'support/canned-responses/canned-response.types.ts',
  'support/companies/company.types.ts',
  'support/conversations/conversation.types.ts',
  'support/inboxes/inbox.types.ts',
  'support/shared/support-page.ts',
  'support/visitors/visitor.types.ts',
  'support/widget/widget.types.ts',
  // webhooks
  'webhooks/deliveries/delivery.types.ts',
  'webhooks/webhooks/webhook.types.ts',
]);

/** Folders two levels deep, and why. */
const NESTED_FOLDER_EXCEPTIONS: Record<string, string> = {
  'support/widget/client': "the chat widget's browser script, served as it is: not module code",
};

/** Files in entities/ that are not entities, and why. */
const ENTITY_FOLDER_EXCEPTIONS: Record<string, string> = {
  'domains/entities/contact.ts':
    'the registration contact stored as JSON inside the domain entity: a shape, not a table',
};

/**
 * GraphQL arguments typed as free JSON rather than an input class, each with why the data has no fixed shape. A new
 * one fails the anatomy test: give it an `*.input.ts` class, or a reason here.
 */
const FREE_FORM_JSON_ARGUMENTS: Record<string, string> = {
  'email/messages/email-message.resolver.ts sendEmailBatch(emails)':
    'each item is validated on its own so one bad send body fails alone (docs/email.md "Batch"); an input class would let GraphQL refuse the whole batch',
  'calendar/bookings/booking.resolver.ts confirmCalendarBooking(input)':
    'confirm takes no fields and a GraphQL input type needs one: the object lets an empty body through and any field answers 400 naming it',
  'sms/provider/sms-callback.resolver.ts smsStatusCallback(params)':
    "the carrier's form fields as it sent them: their set is the carrier's, and the signature covers every one",
  'sms/provider/sms-callback.resolver.ts smsInboundCallback(params)':
    "the carrier's form fields as it sent them: their set is the carrier's, and the signature covers every one",
};

const modules = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

const allFiles = modules.flatMap((module) => filesUnder(join(root, module)));
const source = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the module anatomy', () => {
  it('should find all eleven modules', () => {
    expect(modules).toHaveLength(11);
  });

  it.each(modules)(
    '%s: index.ts, main.ts, <module>-manifest.ts and <module>-deps.ts at the top (and <module>-error-codes.ts, <module>-config.ts when it has codes or variables of its own), nothing else',
    (module) => {
      const top = readdirSync(join(root, module))
        .filter((name) => name.endsWith('.ts') && name !== `${module}-error-codes.ts` && name !== `${module}-config.ts`)
        .sort();
      const expected = [
        ...(TOP_LEVEL_EXCEPTIONS[module]?.files ?? ['index.ts', 'main.ts', `${module}-deps.ts`]),
        `${module}-manifest.ts`,
      ].sort();
      expect(top).toEqual([...expected].sort());
    },
  );

  it.each(modules)(
    '%s: <module>-manifest.ts is data only (type imports, and its config section), so a process may load it without the module',
    (module) => {
      const text = source(`${module}/${module}-manifest.ts`);
      const imports = [...text.matchAll(/^import\s.*$/gm)].map((m) => m[0]);
      const ownConfig = new RegExp(`^import \\{ [A-Z_]+_CONFIG \\} from '\\./${module}-config\\.js';$`);
      expect(imports.filter((line) => !line.startsWith('import type ') && !ownConfig.test(line))).toEqual([]);
    },
  );

  it.each(modules.filter((module) => existsSync(join(root, module, `${module}-config.ts`))))(
    "%s: <module>-config.ts declares one configSection, imports only the platform's config helpers, and the manifest names it",
    (module) => {
      const text = source(`${module}/${module}-config.ts`);
      const imports = [...text.matchAll(/^import\s.*?from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports.filter((from) => !/^node:|platform\/config\/config-section\.js$/.test(from))).toEqual([]);
      expect(text.match(/= configSection\(/g)).toHaveLength(1);
      expect(source(`${module}/${module}-manifest.ts`)).toMatch(/^ {2}config: [A-Z_]+_CONFIG,$/m);
    },
  );

  it.each(modules)('%s: entities/ and migrations/ folders, folders one level deep', (module) => {
    const folders = readdirSync(join(root, module)).filter((name) => statSync(join(root, module, name)).isDirectory());
    expect(folders).toEqual(expect.arrayContaining(['entities', 'migrations']));
    const nested = folders
      .flatMap((folder) =>
        readdirSync(join(root, module, folder))
          .filter((name) => statSync(join(root, module, folder, name)).isDirectory())
          .map((name) => `${folder}/${name}`),
      )
      .filter((path) => !(`${module}/${path}` in NESTED_FOLDER_EXCEPTIONS));
    expect(nested).toEqual([]);
  });

  it('should keep entities in entities/*.entity.ts, beside the status enums they use', () => {
    const misplaced = allFiles.filter(
      (file) => /^@Entity\(/m.test(source(file)) && !/^[a-z-]+\/entities\/[a-z0-9-]+\.entity\.ts$/.test(file),
    );
    const strangers = allFiles.filter(
      (file) =>
        /^[a-z-]+\/entities\//.test(file) &&
        !/\.entity\.ts$|-status\.ts$/.test(file) &&
        !(file in ENTITY_FOLDER_EXCEPTIONS),
    );
    expect({ misplaced, strangers }).toEqual({ misplaced: [], strangers: [] });
  });

  it('should name migrations Migration<timestamp>_<name>.ts and jobs <name>.job.ts (or the job names they share)', () => {
    const migrations = allFiles.filter(
      (file) => /^[a-z-]+\/migrations\//.test(file) && !/\/Migration\d{14}_[a-z0-9_]+\.ts$/.test(file),
    );
    const jobs = allFiles.filter(
      (file) => /^[a-z-]+\/jobs\//.test(file) && !/\/[a-z0-9-]+\.job\.ts$|\/[a-z0-9-]+[.-]job-names?\.ts$/.test(file),
    );
    expect({ migrations, jobs }).toEqual({ migrations: [], jobs: [] });
  });

  it('should name files in kebab-case, <name>.<role>.ts', () => {
    expect(
      allFiles.filter(
        (file) =>
          !file.includes('/migrations/') &&
          !/\/[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)?\.ts$/.test(`/${file}`),
      ),
    ).toEqual([]);
  });

  it('should declare resolvers in *.resolver.ts only', () => {
    expect(allFiles.filter((file) => /@Resolver\(/.test(source(file)) && !file.endsWith('.resolver.ts'))).toEqual([]);
  });

  it('should type every GraphQL argument with an input class, but the free-form JSON ones listed with their reason', () => {
    const found = allFiles.flatMap((file) => {
      let method = '';
      return source(file)
        .split('\n')
        .flatMap((line) => {
          method = /^ {2}(\w+)\($/.exec(line)?.[1] ?? method;
          const arg = /@Arg\('(\w+)', \(\) => \[?(?:JSONObject|JSON|GraphQLJSON\w*)\]?[,)]/.exec(line)?.[1];
          return arg ? [`${file} ${method}(${arg})`] : [];
        });
    });
    expect(found.sort()).toEqual(Object.keys(FREE_FORM_JSON_ARGUMENTS).sort());
  });

  it('should declare input classes in *.input.ts only (older files listed with their reason)', () => {
    const outside = allFiles.filter(
      (file) => /@(InputType|ArgsType)\(/.test(source(file)) && !file.endsWith('.input.ts'),
    );
    expect(outside.filter((file) => !INPUTS_OUTSIDE_INPUT_FILES.has(file))).toEqual([]);
    // An exception whose file now follows the rule (or is gone) is taken off the list.
    expect([...INPUTS_OUTSIDE_INPUT_FILES].filter((file) => !outside.includes(file))).toEqual([]);
  });
});
