import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import type { SubmissionStatus } from './form-status.js';

/** One respondent's answers: created by the first partial save or the submit, completed once (Formbricks' Response). */
@Entity({ schema: 'forms', tableName: 'submissions' })
export class FormSubmission extends TimestampedTenantRow {
  [OptionalProps]?:
    'status' | 'answers' | 'respondentEmail' | 'metadata' | 'lastFieldId' | 'completedAt' | 'createdAt' | 'updatedAt';

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
}
