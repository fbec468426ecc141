import type { SubgraphModule } from '../platform/federation/subgraph-module.js';
import { emailModule } from '../subgraphs/email/index.js';
import { webhooksModule } from '../subgraphs/webhooks/index.js';
import { smsModule } from '../subgraphs/sms/index.js';
import { formsModule } from '../subgraphs/forms/index.js';
import { crmModule } from '../subgraphs/crm/index.js';
import { authModule } from '../subgraphs/auth/index.js';
import { aiGatewayModule } from '../subgraphs/ai-gateway/index.js';
import { calendarModule } from '../subgraphs/calendar/index.js';
import { supportModule } from '../subgraphs/support/index.js';
import { domainsModule } from '../subgraphs/domains/index.js';
import { mailboxesModule } from '../subgraphs/mailboxes/index.js';

/** Every module this build serves, in composition order. */
export function allModules(): SubgraphModule[] {
  return [
    emailModule(),
    webhooksModule(),
    smsModule(),
    formsModule(),
    crmModule(),
    authModule(),
    calendarModule(),
    supportModule(),
    domainsModule(),
    mailboxesModule(),
    aiGatewayModule(),
  ];
}
