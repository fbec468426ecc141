import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import type { DkimKeys, DkimPublicKey } from '../../../platform/mail/dkim-keys.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { bareAddress } from '../sending/address.js';

/** The selector of every key this store makes; a rotation would make keys under a new one. */
export const DKIM_SELECTOR = 'pf1';

const generate = promisify(generateKeyPair);

/** What nodemailer's `dkim` option takes. */
export interface DkimSigningKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The email module's side of the DKIM-key port: one key per (organization, domain) in email.dkim_keys, the private
 * half sealed (AES-256-GCM, bound to its organization and domain). The organization is part of the key so a message
 * is signed only with a key of its own organization, whatever From it claims.
 */
export class DkimKeyStore implements DkimKeys {
  constructor(private readonly deps: PlatformDeps) {}

  async ensure(tx: EntityManager, domain: string): Promise<DkimPublicKey> {
    const name = domain.toLowerCase();
    const existing = await this.publicKey(tx, name);
    if (existing) return existing;
    // Outside any lock: generation takes tens of milliseconds; a concurrent caller's key wins on conflict.
    const pair = await generate('rsa', { modulusLength: 2048 });
    const box = await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger);
    const sealed = box.seal(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), sealContext(tenantOf(tx), name));
    const publicDer = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    await tenantSql(tx).run(sql`insert into email.dkim_keys (organization_id, domain, selector, private_key_sealed, public_key, created_at)
      values (${ORG}, ${name}, ${DKIM_SELECTOR}, ${sealed}, ${publicDer}, now()) on conflict (organization_id, domain) do nothing`);
    return (await this.publicKey(tx, name))!;
  }

  /** The key that signs a message of the organization (the job's EntityManager) sent from `from`, if its domain has one. */
  async signingKeyFor(em: EntityManager, from: string): Promise<DkimSigningKey | undefined> {
    const address = bareAddress(from);
    const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
    if (!domain) return undefined;
    const row = await tenantSql(em).one<{ selector: string; private_key_sealed: string }>(
      sql`select selector, private_key_sealed from email.dkim_keys where organization_id = ${ORG} and domain = ${domain}`,
    );
    if (!row) return undefined;
    const box = await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger);
    return { domainName: domain, keySelector: row.selector, privateKey: box.open(row.private_key_sealed, sealContext(tenantOf(em), domain)) };
  }

  private async publicKey(em: EntityManager, domain: string): Promise<DkimPublicKey | null> {
    const row = await tenantSql(em).one<{ selector: string; public_key: string }>(
      sql`select selector, public_key from email.dkim_keys where organization_id = ${ORG} and domain = ${domain}`,
    );
    return row ? dkimRecord(domain, row.selector, row.public_key) : null;
  }
}

function sealContext(organizationId: string, domain: string): string {
  return `dkim:${organizationId}:${domain}`;
}

function dkimRecord(domain: string, selector: string, publicKey: string): DkimPublicKey {
  return { domain, selector, publicKey, recordName: `${selector}._domainkey.${domain}`, recordValue: `v=DKIM1; k=rsa; p=${publicKey}` };
}
