import { ModuleCatalog } from '../platform/federation/module-catalog.js';
import { readConfig, type Config } from '../platform/config/config.js';
import type { Env } from '../platform/config/config-section.js';
import { EMAIL_MANIFEST } from '../subgraphs/email/email-manifest.js';
import { SMS_MANIFEST } from '../subgraphs/sms/sms-manifest.js';
import { FORMS_MANIFEST } from '../subgraphs/forms/forms-manifest.js';
import { WEBHOOKS_MANIFEST } from '../subgraphs/webhooks/webhooks-manifest.js';
import { AUTH_MANIFEST } from '../subgraphs/auth/auth-manifest.js';
import { CALENDAR_MANIFEST } from '../subgraphs/calendar/calendar-manifest.js';
import { SUPPORT_MANIFEST } from '../subgraphs/support/support-manifest.js';
import { DOMAINS_MANIFEST } from '../subgraphs/domains/domains-manifest.js';
import { CRM_MANIFEST } from '../subgraphs/crm/crm-manifest.js';
import { MAILBOXES_MANIFEST } from '../subgraphs/mailboxes/mailboxes-manifest.js';
import { AI_GATEWAY_MANIFEST } from '../subgraphs/ai-gateway/ai-gateway-manifest.js';

/**
 * Every module's manifest (its scope and events), in the order scopes are listed. Data only: a process that serves one
 * module (split mode's webhooks process) imports this list and loads no other module's code.
 */
export const MODULE_MANIFESTS = [
  EMAIL_MANIFEST,
  SMS_MANIFEST,
  FORMS_MANIFEST,
  WEBHOOKS_MANIFEST,
  AUTH_MANIFEST,
  CALENDAR_MANIFEST,
  SUPPORT_MANIFEST,
  DOMAINS_MANIFEST,
  CRM_MANIFEST,
  MAILBOXES_MANIFEST,
  AI_GATEWAY_MANIFEST,
] as const;

/** What the platform knows of every module of this build, whichever of them this process runs. */
export function moduleCatalog(): ModuleCatalog {
  return new ModuleCatalog(MODULE_MANIFESTS);
}

/** Every module's configuration section, from its manifest. */
const MODULE_CONFIG_SECTIONS = MODULE_MANIFESTS.flatMap((manifest) => ('config' in manifest ? [manifest.config] : []));

/**
 * The configuration of this build: the platform's part and every module's section, read together so one start-up
 * message lists every problem (a ConfigError). Every process reads every section, whichever modules it runs.
 */
export function loadConfig(env?: Env): Config {
  // Unset: process.env, which only platform/config reads.
  return readConfig(env, MODULE_CONFIG_SECTIONS) as unknown as Config;
}
