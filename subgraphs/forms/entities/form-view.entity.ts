import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TenantRow: numeric (bigint) id, as the spec shows for forms.
/** One display of a public form (Formbricks' Display): the denominator of the completion rate. */
@Entity({ schema: 'forms', tableName: 'views' })
export class FormView extends TenantEntity {
  [OptionalProps]?: 'id' | 'sessionId' | 'visitorHash' | 'referrer' | 'createdAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'integer' })
  formId!: number;

  @Property({ type: 'text', nullable: true })
  sessionId: string | null = null;

  @Property({ type: 'text', nullable: true })
  visitorHash: string | null = null;

  @Property({ type: 'text', nullable: true })
  referrer: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
