import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { SystemEmailSender } from './system-email.js';
import type { WebhookSubscriptions } from '../events/webhook-resources.js';
import { RelayedSystemEmailSender } from './relayed-system-email.js';
import { RelayedWebhookSubscriptions } from './relayed-webhook-subscriptions.js';

/**
 * Implementations of the platform's ports, filled by the modules that own them when the runner starts, and where the
 * owner runs in another process (split mode) by a relay: a job on the shared store that only the owner's worker runs.
 * What crosses processes otherwise is platform data every process reads: DKIM keys (platform/mail/dkim-keys.ts) and
 * the resources webhooks narrow to (platform/events/webhook-resources.ts); a mailbox message's delivery outcome comes
 * back as a job the sender names (SystemEmail.outcomeJob).
 */
export class PlatformPorts {
  /** The email module's; undefined when that module is not served by this process nor relayed to. */
  systemEmail?: SystemEmailSender;
  /** The webhooks module's; undefined when that module is not served by this process nor relayed to. */
  webhookSubscriptions?: WebhookSubscriptions;
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

/**
 * After the local modules provided theirs: each port whose module runs in another process (`remote(name)`) gets its
 * relay, a job row written in the caller's transaction; nothing is lost while that process is down, the job waits.
 */
export function relayRemotePorts(deps: DepsWithPorts, remote: (module: string) => boolean): void {
  const { ports } = deps;
  if (remote('email')) ports.systemEmail ??= new RelayedSystemEmailSender(deps);
  if (remote('webhooks')) ports.webhookSubscriptions ??= new RelayedWebhookSubscriptions(deps.jobs);
}
