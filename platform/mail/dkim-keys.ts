import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { secretBoxFor } from '../crypto/encryption-key.js';
import { ORG, sql, tenantSql } from '../orm/tenant-sql.js';
import { tenantOf } from '../orm/tenant-of.js';
import type { PlatformDeps } from '../federation/subgraph-module.js';

/** The selector of every key this store makes; a rotation would make keys under a new one. */
export const DKIM_SELECTOR = 'pf1';

/** The public half of a domain's DKIM key: what its owner publishes in DNS. */
export interface DkimPublicKey {
  /** Lower-case domain, the `d=` of the signatures. */
  domain: string;
  /** The `s=` of the signatures. */
  selector: string;
  /** Base64 DER (SPKI), the `p=` of the record. */
  publicKey: string;
  /** `<selector>._domainkey.<domain>`: where the TXT record goes. */
  recordName: string;
  /** `v=DKIM1; k=rsa; p=<publicKey>`: the TXT record's value. */
  recordValue: string;
}

/** What nodemailer's `dkim` option takes. */
export interface DkimSigningKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

const generate = promisify(generateKeyPair);

/**
 * Per-domain DKIM keys, one per (organization, domain) in platform.dkim_keys, the private half sealed (AES-256-GCM with
 * the platform's ENCRYPTION_KEY, bound to its organization and domain). Platform data rather than a module's port: the
 * email module signs with a key that the domains module's SERVICE_EMAIL preset and the mailboxes' custom domains
 * publish, and in split mode those run in other processes; every process reads the one table, so the record published
 * is always the key that signs, whichever process made it. The organization is part of the key, so a message is signed
 * only with a key of its own organization, whatever From it claims.
 */
export class DkimKeys {
  constructor(private readonly deps: Pick<PlatformDeps, 'orm' | 'config' | 'logger'>) {}

  /**
   * The organization's key for `domain` (the caller's `tx`, scoped to the organization), made when it has none: RSA
   * 2048, the private half sealed. Idempotent: every caller gets the same key.
   */
  async ensure(tx: EntityManager, domain: string): Promise<DkimPublicKey> {
    const name = domain.toLowerCase();
    const existing = await this.publicKey(tx, name);
    if (existing) return existing;
    // Outside any lock: generation takes tens of milliseconds; a concurrent caller's key wins on conflict.
    const pair = await generate('rsa', { modulusLength: 2048 });
    const box = await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger);
    const sealed = box.seal(
      pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      sealContext(tenantOf(tx), name),
    );
    const publicDer = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    await tenantSql(tx)
      .run(sql`insert into platform.dkim_keys (organization_id, domain, selector, private_key_sealed, public_key, created_at)
      values (${ORG}, ${name}, ${DKIM_SELECTOR}, ${sealed}, ${publicDer}, now()) on conflict (organization_id, domain) do nothing`);
    return (await this.publicKey(tx, name))!;
  }

  /** The key that signs a message of the organization (`em`) from `domain`, if the organization has one for it. */
  async signingKey(em: EntityManager, domain: string): Promise<DkimSigningKey | undefined> {
    const name = domain.toLowerCase();
    const row = await tenantSql(em).one<{ selector: string; private_key_sealed: string }>(
      sql`select selector, private_key_sealed from platform.dkim_keys where organization_id = ${ORG} and domain = ${name}`,
    );
    if (!row) return undefined;
    const box = await secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger);
    return {
      domainName: name,
      keySelector: row.selector,
      privateKey: box.open(row.private_key_sealed, sealContext(tenantOf(em), name)),
    };
  }

  private async publicKey(em: EntityManager, domain: string): Promise<DkimPublicKey | null> {
    const row = await tenantSql(em).one<{ selector: string; public_key: string }>(
      sql`select selector, public_key from platform.dkim_keys where organization_id = ${ORG} and domain = ${domain}`,
    );
    return row ? dkimRecord(domain, row.selector, row.public_key) : null;
  }
}

function sealContext(organizationId: string, domain: string): string {
  return `dkim:${organizationId}:${domain}`;
}

function dkimRecord(domain: string, selector: string, publicKey: string): DkimPublicKey {
  return {
    domain,
    selector,
    publicKey,
    recordName: `${selector}._domainkey.${domain}`,
    recordValue: `v=DKIM1; k=rsa; p=${publicKey}`,
  };
}
