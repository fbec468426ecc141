import type { DomainsConfig } from '../domains-config.js';
import { NameComRegistrar } from './namecom-registrar.js';
import type { Registrar } from './registrar.port.js';
import { SandboxRegistrar } from './sandbox-registrar.js';

/** The registrar the configuration names (DOMAIN_REGISTRAR). */
export function registrarOf(config: DomainsConfig): Registrar {
  return config.registrar.kind === 'namecom'
    ? new NameComRegistrar(config.registrar)
    : new SandboxRegistrar({ transferDelayMs: config.transferDelayMs });
}
