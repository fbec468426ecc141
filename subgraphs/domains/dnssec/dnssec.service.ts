import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { DnssecKey } from '../entities/dnssec-key.entity.js';
import type { Domain } from '../entities/domain.entity.js';
import type { DomainsDeps } from '../domains-deps.js';
import { emitDomainEvent, notifyZoneChanged } from '../shared/domain-events.js';
import { findDomain, heldDomain, nextSerial } from '../shared/domain-lookup.js';
import {
  ALGORITHM_ECDSAP256SHA256,
  DIGEST_SHA256,
  FLAGS_KSK,
  FLAGS_ZSK,
  dnskeyRdata,
  dsDigest,
  generateZoneKey,
  keyTag,
} from './dnssec-crypto.js';
import type { DnssecKeyView, DnssecStatusView, DsRecordView } from './dnssec.types.js';

/** Zone signing: enable makes a KSK and a ZSK (ECDSA P-256); the DNS server signs the zone with them from then on. */
export class DnssecService {
  constructor(private readonly deps: DomainsDeps) {}

  async status(em: EntityManager, domainName: string): Promise<DnssecStatusView> {
    const domain = await findDomain(em, domainName);
    return this.view(domain, await this.keysOf(em, domain));
  }

  async ds(em: EntityManager, domainName: string): Promise<DsRecordView[]> {
    const domain = await findDomain(em, domainName);
    const keys = (await this.keysOf(em, domain)).filter((k) => k.flags === FLAGS_KSK);
    return keys.map((k) => {
      const digest = dsDigest(domain.domainName, dnskeyRdata(k.flags, k.algorithm, Buffer.from(k.publicKey, 'base64')))
        .toString('hex')
        .toUpperCase();
      return {
        keyTag: k.keyTag,
        algorithm: k.algorithm,
        digestType: DIGEST_SHA256,
        digest,
        record: `${domain.domainName}. IN DS ${k.keyTag} ${k.algorithm} ${DIGEST_SHA256} ${digest}`,
      };
    });
  }

  async enable(em: EntityManager, domainName: string): Promise<DnssecStatusView> {
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      if (domain.dnssecEnabled)
        throw new DomainError('DNSSEC_ALREADY_ENABLED', `DNSSEC is already enabled for ${domain.domainName}`);
      const box = await this.deps.secrets();
      const keys = [FLAGS_KSK, FLAGS_ZSK].map((flags) => {
        const { publicKey, privateKeyPem } = generateZoneKey();
        return tx.create(DnssecKey, {
          id: newId('dnskey'),
          organizationId: domain.organizationId,
          domainId: domain.id,
          flags,
          algorithm: ALGORITHM_ECDSAP256SHA256,
          keyTag: keyTag(dnskeyRdata(flags, ALGORITHM_ECDSAP256SHA256, publicKey)),
          publicKey: publicKey.toString('base64'),
          privateKeySealed: box.seal(privateKeyPem, `dnssec:${domain.id}`),
        });
      });
      domain.dnssecEnabled = true;
      domain.soaSerial = nextSerial(domain.soaSerial, this.deps.clock.now());
      await tx.flush();
      await emitDomainEvent(tx, 'dnssec.enabled', domain, {
        keys: keys.map((k) => ({ flags: k.flags, algorithm: k.algorithm, keyTag: k.keyTag })),
      });
      await notifyZoneChanged(tx, domain.domainName);
      return this.view(domain, keys);
    });
  }

  async disable(em: EntityManager, domainName: string): Promise<DnssecStatusView> {
    return em.transactional(async (tx) => {
      const domain = await heldDomain(tx, domainName);
      // Disabling twice is a no-op answer, not an error: the end state is what was asked.
      if (!domain.dnssecEnabled) return this.view(domain, []);
      await tx.nativeDelete(DnssecKey, { domainId: domain.id });
      domain.dnssecEnabled = false;
      domain.soaSerial = nextSerial(domain.soaSerial, this.deps.clock.now());
      await tx.flush();
      await emitDomainEvent(tx, 'dnssec.disabled', domain);
      await notifyZoneChanged(tx, domain.domainName);
      return this.view(domain, []);
    });
  }

  private keysOf(em: EntityManager, domain: Domain) {
    return em.find(DnssecKey, { domainId: domain.id }, { orderBy: { flags: 'desc' } });
  }

  private view(domain: Domain, keys: DnssecKey[]): DnssecStatusView {
    return {
      domainName: domain.domainName,
      enabled: domain.dnssecEnabled,
      keys: keys.map((k) => keyView(domain.domainName, k)),
    };
  }
}

function keyView(domainName: string, k: DnssecKey): DnssecKeyView {
  return {
    flags: k.flags,
    role: k.flags === FLAGS_KSK ? 'KSK' : 'ZSK',
    algorithm: k.algorithm,
    keyTag: k.keyTag,
    publicKey: k.publicKey,
    dnskey: `${domainName}. IN DNSKEY ${k.flags} 3 ${k.algorithm} ${k.publicKey}`,
  };
}
