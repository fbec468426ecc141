/** Form lifecycle; the transitions the spec leaves open are decided in forms/form-state.ts. */
export const FORM_STATUSES = ['DRAFT', 'LIVE', 'PAUSED', 'CLOSED', 'ARCHIVED'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** The 15 field types. */
export const FIELD_TYPES = [
  'SHORT_TEXT',
  'LONG_TEXT',
  'EMAIL',
  'URL',
  'PHONE',
  'NUMBER',
  'RATING',
  'NPS',
  'SLIDER',
  'DATE',
  'DATE_TIME',
  'SELECT',
  'MULTI_SELECT',
  'CHECKBOX',
  'FILE',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Submission states: `partial` until submitted, then `complete` (the submit result calls it COMPLETED). */
export const SUBMISSION_STATUSES = ['partial', 'complete'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
