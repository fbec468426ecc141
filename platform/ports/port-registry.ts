import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { SystemEmailSender } from './system-email.js';
import type { DkimKeys } from '../mail/dkim-keys.js';
import type { WebhookResourceCheck, WebhookSubscriptions } from '../events/webhook-resources.js';

/** Implementations of the platform's ports, filled by the modules that own them when the runner starts. */
export class PlatformPorts {
  /** The email module's; undefined when that module is not served by this process. */
  systemEmail?: SystemEmailSender;
  /** The email module's per-domain DKIM keys; undefined when that module is not served by this process. */
  dkimKeys?: DkimKeys;
  /** The webhooks module's; undefined when that module is not served by this process. */
  webhookSubscriptions?: WebhookSubscriptions;
  /** By webhook namespace: the owning module's check of a resource filter (agent mailboxes: the mailbox exists in the organization). */
  webhookResourceChecks = new Map<string, WebhookResourceCheck>();
}

/** A module that implements ports; the runner calls this once, before any job or request runs. */
export interface PortProvider {
  providePorts?(deps: PlatformDeps, ports: PlatformPorts): void;
}

/** PlatformDeps as the runner builds them: with the ports. */
export interface DepsWithPorts extends PlatformDeps {
  ports: PlatformPorts;
}

/** The ports of a process; empty where the runner did not provide them (schema composition). */
export function portsOf(deps: PlatformDeps): PlatformPorts {
  return (deps as Partial<DepsWithPorts>).ports ?? new PlatformPorts();
}
