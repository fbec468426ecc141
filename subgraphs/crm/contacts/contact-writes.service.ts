import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { parseIdentifier } from '../shared/identifier.js';
import { acceptWrite, hasPendingCreate } from '../writes/pending-writes.js';
import { contactInput } from './contact-input.js';
import type { CrmContactInput, CrmMergeContactsInput } from './contact-input.types.js';
import { findContact, writeTarget } from './contact-lookup.js';
import type { ProvisionalRecord } from './contact.types.js';

const location = (externalId: string) => `/crm/contacts/${externalId}`;

/** Contact writes: validated and accepted here (202), committed by the commit lane (writes/commit-lane.ts). */
export class ContactWritesService {
  /** POST /crm/contacts: 409 CONTACT_EMAIL_EXISTS when a committed or pending contact has the email. */
  async create(em: EntityManager, raw: CrmContactInput): Promise<ProvisionalRecord> {
    const input = await contactInput(em, raw, true);
    const externalId = newId('ctc');
    const correlationId = await acceptWrite(em, {
      entity: 'contact',
      operation: 'create',
      target: externalId,
      payload: input,
      claimEmail: input.email,
    });
    return {
      id: null,
      externalId,
      email: input.email ?? null,
      status: 'ACTIVE',
      pending: true,
      correlationId,
      location: location(externalId),
    };
  }

  /**
   * PUT /crm/contacts/{externalId}: creates or updates in place, never 409 for the external id. An email held by a
   * different contact is still CONTACT_EMAIL_EXISTS (emails stay unique per organization).
   */
  async upsert(em: EntityManager, rawId: string, raw: CrmContactInput): Promise<ProvisionalRecord> {
    const id = parseIdentifier(rawId, 'ctc', false);
    if (id.kind !== 'external')
      throw new DomainError('INVALID_ID', 'PUT takes a ctc_ external id', {
        field: 'externalId',
        received: rawId,
        expected: 'ctc_ external id',
      });
    let existing = await findContact(em, id.value);
    const pendingCreate = existing === null && (await hasPendingCreate(em, id.value));
    // A creation that commits between the two statements is in neither: read the contact once more.
    if (existing === null && !pendingCreate) existing = await findContact(em, id.value);
    const exists = existing !== null || pendingCreate;
    const input = await contactInput(em, raw, !exists);
    const correlationId = await acceptWrite(em, {
      entity: 'contact',
      operation: 'upsert',
      target: id.value,
      payload: input,
      claimEmail: input.email,
    });
    const email = input.email !== undefined ? input.email : (existing?.email ?? null);
    return {
      id: existing?.id ?? null,
      externalId: id.value,
      email,
      status: input.status ?? existing?.status ?? 'ACTIVE',
      pending: true,
      correlationId,
      location: exists ? null : location(id.value),
    };
  }

  /** PATCH /crm/contacts/{id}: the given fields change, custom properties merge (null removes one). */
  async patch(em: EntityManager, rawId: string, raw: CrmContactInput): Promise<ProvisionalRecord> {
    const target = await writeTarget(em, rawId);
    const input = await contactInput(em, raw, false);
    const correlationId = await acceptWrite(em, {
      entity: 'contact',
      operation: 'patch',
      target: target.externalId,
      payload: input,
      claimEmail: input.email,
    });
    const email = input.email !== undefined ? input.email : (target.contact?.email ?? null);
    return {
      id: target.contact?.id ?? null,
      externalId: target.externalId,
      email,
      status: input.status ?? target.contact?.status ?? 'ACTIVE',
      pending: true,
      correlationId,
      location: null,
    };
  }

  /** DELETE /crm/contacts/{id}: soft delete (DELETED); the email is free again once it commits. */
  async remove(em: EntityManager, rawId: string): Promise<ProvisionalRecord> {
    const target = await writeTarget(em, rawId);
    const correlationId = await acceptWrite(em, {
      entity: 'contact',
      operation: 'delete',
      target: target.externalId,
      payload: {},
    });
    return {
      id: target.contact?.id ?? null,
      externalId: target.externalId,
      email: target.contact?.email ?? null,
      status: 'DELETED',
      pending: true,
      correlationId,
      location: null,
    };
  }

  /** POST /crm/contacts/{winnerId}/merge {loserId}: the winner keeps the loser's companies, tags and activities. */
  async merge(em: EntityManager, rawWinner: string, input: CrmMergeContactsInput): Promise<ProvisionalRecord> {
    const winner = await findContact(em, rawWinner);
    const loser = await findContact(em, String(input.loserId));
    if (!winner || winner.status === 'DELETED' || winner.status === 'MERGED') throw notFound('Winner contact');
    if (!loser || loser.status === 'DELETED' || loser.status === 'MERGED') throw notFound('Loser contact');
    if (winner.id === loser.id)
      throw invalid(
        'loserId',
        input.loserId,
        'a contact other than the winner',
        'A contact cannot be merged with itself',
      );
    const correlationId = await acceptWrite(em, {
      entity: 'contact',
      operation: 'merge',
      target: winner.externalId,
      payload: { loserExternalId: loser.externalId },
    });
    return {
      id: winner.id,
      externalId: winner.externalId,
      email: winner.email,
      status: winner.status,
      pending: true,
      correlationId,
      location: null,
    };
  }
}
