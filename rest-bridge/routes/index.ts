import type { ModuleRoutes } from '../route-table.js';
import { emailRoutes } from './email.routes.js';
import { webhookRoutes } from './webhooks.routes.js';
import { smsRoutes } from './sms.routes.js';
import { formsRoutes, publicFormsRoutes } from './forms.routes.js';
import { crmRoutes } from './crm.routes.js';
import { authRoutes } from './auth.routes.js';
import { aiGatewayRoutes } from './ai-gateway.routes.js';
import { calendarRoutes } from './calendar.routes.js';
import { supportRoutes } from './support.routes.js';
import { domainsRoutes } from './domains.routes.js';
import { mailboxesRoutes } from './mailboxes.routes.js';

/** Every module's REST routes. */
export const ALL_ROUTES: ModuleRoutes[] = [
  emailRoutes,
  webhookRoutes,
  smsRoutes,
  formsRoutes,
  publicFormsRoutes,
  crmRoutes,
  authRoutes,
  calendarRoutes,
  supportRoutes,
  domainsRoutes,
  mailboxesRoutes,
  aiGatewayRoutes,
];
