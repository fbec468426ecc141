import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: numeric id (the API's); updatedAt set by the service, not on every flush.
/** A list of contacts: static (members added by hand) or dynamic (members are whatever its CQL filter matches). */
@Entity({ schema: 'crm', tableName: 'lists' })
export class CrmList extends TenantEntity {
  [OptionalProps]?:
    | 'id'
    | 'entityType'
    | 'isDynamic'
    | 'filterCriteria'
    | 'memberCount'
    | 'lastEvaluatedAt'
    | 'needsEvaluation'
    | 'requestedSeq'
    | 'evaluatedSeq'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  entityType: string = 'CONTACT';

  @Property({ type: 'boolean' })
  isDynamic: boolean = false;

  /** CQL filter object (or a `where` string) of a dynamic list. */
  @Property({ type: 'jsonb', nullable: true })
  filterCriteria: unknown = null;

  @Property({ type: 'integer' })
  memberCount: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  lastEvaluatedAt: Date | null = null;

  /** Marked by contact changes; cleared by the evaluation it triggered (one job per burst). */
  @Property({ type: 'boolean' })
  needsEvaluation: boolean = false;

  /** POST /evaluate bumps it and waits until `evaluatedSeq` catches up. */
  @Property({ type: 'integer' })
  requestedSeq: number = 0;

  @Property({ type: 'integer' })
  evaluatedSeq: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
