import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { SubmissionStatus } from './form-status.js';

/** One respondent's answers: created by the first partial save or the submit, completed once (Formbricks' Response). */
@Entity({ schema: 'forms', tableName: 'submissions' })
export class FormSubmission extends TenantEntity {
  [OptionalProps]?: 'status' | 'answers' | 'respondentEmail' | 'metadata' | 'lastFieldId' | 'completedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'integer' })
  formId!: number;

  @Property({ type: 'text' })
  status: SubmissionStatus = 'partial';

  /** Answers keyed by field ref, normalised to the type's value (string, number, string[], file object). */
  @Property({ type: 'jsonb' })
  answers: Record<string, unknown> = {};

  @Property({ type: 'text', nullable: true })
  respondentEmail: string | null = null;

  @Property({ type: 'jsonb' })
  metadata: Record<string, unknown> = {};

  /** The last field the respondent reached (per-field drop-off). */
  @Property({ type: 'integer', nullable: true })
  lastFieldId: number | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
