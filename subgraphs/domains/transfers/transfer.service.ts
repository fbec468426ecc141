import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { offsetMeta, resolvePage } from '../../../platform/pagination/offset-page.js';
import { TRANSFER_STATUSES, type TransferStatus } from '../entities/domain-status.js';
import { newId } from '../../../platform/ids/ids.js';
import { TENANT_FILTER } from '../../../platform/orm/tenancy.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import { Domain } from '../entities/domain.entity.js';
import { DomainTransfer } from '../entities/transfer.entity.js';
import type { ContactSet } from '../entities/contact.js';
import { parseDomainName } from '../names/domain-name.js';
import { quote } from '../names/pricing.js';
import type { DomainsDeps } from '../domains-deps.js';
import { emitDomainEvent, notifyZoneChanged } from '../shared/domain-events.js';
import { registrarCall, nextSerial } from '../shared/domain-lookup.js';
import { contactData } from '../domains/domain-view.js';
import type { TransferView } from './transfer.types.js';
import type { TransferDomainInput, TransferListArgs } from './transfer.input.js';

export const TRANSFER_JOB = 'domains.transfer.check';
/** Page sizes of the transfers list, as the domains list. */
const TRANSFER_PAGE = { defaultCount: 50, maxCount: 100 };
/** How often a transfer at a remote registrar is asked about again. */
const POLL_AGAIN_MS = 15 * 60_000;

/** Transfers in: request (auth code and lock checked by the registrar), status, cancel, and completion by a job. */
export class TransferService {
  constructor(private readonly deps: DomainsDeps) {}

  async request(em: EntityManager, input: TransferDomainInput): Promise<TransferView> {
    const name = parseDomainName(input.domainName, this.deps.domains.tlds);
    const registrant = contactData(input.registrant);
    try {
      return await em.transactional(async (tx) => {
        const mine = await tx.findOne(Domain, { domainName: name.ascii, status: { $ne: 'TRANSFERRED_OUT' } });
        if (mine) throw new DomainError('CONFLICT', `${name.ascii} is already yours`);
        const call = registrarCall(tx, this.deps.clock);
        const price = quote(this.deps.domains, name, 'transfer').price;
        const { completesAt } = await this.deps.registrar.requestTransfer(call, {
          domainName: name.ascii,
          authCode: input.authCode,
          whoisPrivacy: input.whoisPrivacy ?? true,
          price,
        });
        const transfer = tx.create(DomainTransfer, {
          id: newId('xfer'),
          organizationId: call.organizationId,
          domainName: name.ascii,
          status: 'PENDING',
          registrant,
          price: price.toFixed(2),
          completesAt,
        });
        await tx.flush();
        await this.deps.jobs.enqueue(
          tx,
          TRANSFER_JOB,
          { organizationId: call.organizationId, transferId: transfer.id },
          this.wallTime(completesAt),
        );
        return transferView(transfer);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('CONFLICT', `A transfer of ${name.ascii} is already pending`);
      throw error;
    }
  }

  /** The organization's transfers in, newest first, optionally of one status. */
  async list(em: EntityManager, args: TransferListArgs) {
    const page = resolvePage(args, TRANSFER_PAGE);
    const where: Record<string, unknown> = {};
    if (args.status != null) {
      if (!TRANSFER_STATUSES.includes(args.status as TransferStatus))
        throw invalid('status', args.status, TRANSFER_STATUSES);
      where.status = args.status;
    }
    const { rows, total } = await findPage(em, DomainTransfer, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data: rows.map(transferView), meta: offsetMeta(page, rows.length, total) };
  }

  async get(em: EntityManager, transferId: string): Promise<TransferView> {
    const transfer = await em.findOne(DomainTransfer, { id: transferId });
    if (!transfer) throw new DomainError('NOT_FOUND', 'Transfer not found');
    return transferView(transfer);
  }

  async cancel(em: EntityManager, transferId: string): Promise<TransferView> {
    return em.transactional(async (tx) => {
      const transfer = await tx.findOne(DomainTransfer, { id: transferId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!transfer) throw new DomainError('NOT_FOUND', 'Transfer not found');
      if (transfer.status !== 'PENDING')
        throw new DomainError(
          'CONFLICT',
          `The transfer is ${transfer.status}; only a PENDING transfer can be cancelled`,
          { status: transfer.status },
        );
      await this.deps.registrar.cancelTransfer(registrarCall(tx, this.deps.clock), transfer.domainName);
      transfer.status = 'CANCELLED';
      transfer.completedAt = this.deps.clock.now();
      await tx.flush();
      return transferView(transfer);
    });
  }

  /**
   * The job: asks the registrar; on completion, in one transaction, the losing organization's domain (if it is on this
   * platform) becomes TRANSFERRED_OUT with domain.transferred_out, and the gaining one gets an ACTIVE domain with
   * domain.transferred_in. Runs again safely: a transfer no longer PENDING is left alone.
   */
  async check(em: EntityManager, transferId: string): Promise<void> {
    const gaining = (em.getFilterParams(TENANT_FILTER) as { organizationId: string }).organizationId;
    await em.transactional(async (tx) => {
      const transfer = await tx.findOne(DomainTransfer, { id: transferId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!transfer || transfer.status !== 'PENDING') return;
      const now = this.deps.clock.now();
      const result = await this.deps.registrar.transferStatus(
        registrarCall(tx, this.deps.clock),
        transfer.domainName,
        new Date(transfer.completesAt),
      );
      if (result.status === 'PENDING') {
        const next = new Date(
          Math.max(
            new Date(transfer.completesAt).getTime(),
            now.getTime() + (this.deps.domains.registrar.kind === 'sandbox' ? 0 : POLL_AGAIN_MS),
          ),
        );
        await this.deps.jobs.enqueue(tx, TRANSFER_JOB, { organizationId: gaining, transferId }, this.wallTime(next));
        return;
      }
      transfer.completedAt = now;
      if (result.status === 'FAILED') {
        transfer.status = 'FAILED';
        transfer.failureReason = result.reason;
        await tx.flush();
        return;
      }
      transfer.status = 'COMPLETED';
      await tx.flush();
      // The losing side, when it is an organization of this platform: switch the tenant for its writes and event.
      const [losing] = await crossTenantSql(
        tx,
        'a transfer between two organizations of the platform completes for both',
      ).rows<{ organization_id: string }>(
        sql`select organization_id from domains.domains where domain_name = ${transfer.domainName} and status <> 'TRANSFERRED_OUT' and organization_id <> ${gaining}::uuid for update`,
      );
      if (losing) {
        tx.setFilterParams(TENANT_FILTER, { organizationId: losing.organization_id });
        const old = await tx.findOneOrFail(Domain, {
          domainName: transfer.domainName,
          status: { $ne: 'TRANSFERRED_OUT' },
        });
        old.status = 'TRANSFERRED_OUT';
        old.dnssecEnabled = false;
        await tx.flush();
        await emitDomainEvent(tx, 'domain.transferred_out', old, { transferId: transfer.id });
        tx.setFilterParams(TENANT_FILTER, { organizationId: gaining });
      }
      const contacts: ContactSet = {
        registrant: transfer.registrant,
        admin: transfer.registrant,
        tech: transfer.registrant,
        billing: transfer.registrant,
      };
      const name = parseDomainName(transfer.domainName, this.deps.domains.tlds);
      await this.deps.registrar
        .setNameservers(registrarCall(tx, this.deps.clock), name.ascii, this.deps.domains.nameservers)
        .catch(() => undefined);
      const domain = tx.create(Domain, {
        id: newId('dom'),
        organizationId: gaining,
        domainName: name.ascii,
        unicodeName: name.unicode,
        tld: name.tld,
        status: 'ACTIVE',
        registeredAt: now,
        expiresAt: result.expiresAt,
        autoRenew: true,
        whoisPrivacy: true,
        registrarLock: false,
        nameservers: this.deps.domains.nameservers,
        contacts,
        soaSerial: nextSerial(0, now),
      });
      await tx.flush();
      await emitDomainEvent(tx, 'domain.transferred_in', domain, { transferId: transfer.id });
      await notifyZoneChanged(tx, domain.domainName);
    });
  }

  /** When on the wall clock the job must run for a moment of the module's clock. */
  private wallTime(at: Date): Date {
    return new Date(Date.now() + Math.max(0, at.getTime() - this.deps.clock.now().getTime()));
  }
}

export function transferView(t: DomainTransfer): TransferView {
  return {
    id: t.id,
    domainName: t.domainName,
    status: t.status,
    price: Number(t.price),
    completesAt: new Date(t.completesAt),
    completedAt: t.completedAt ? new Date(t.completedAt) : null,
    failureReason: t.failureReason,
    createdAt: new Date(t.createdAt),
    updatedAt: new Date(t.updatedAt),
  };
}
