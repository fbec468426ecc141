/** Per-message results, reported inside a 200 send result. */
export const SMS_RESULT = {
  OK: { code: 0, message: 'OK' },
  INVALID_NUMBER: { code: 1001, message: 'Invalid phone number format' },
  TEMPLATE_NOT_FOUND: { code: 1002, message: 'Template not found' },
  TEMPLATE_NOT_APPROVED: { code: 1003, message: 'Template not approved for organization' },
  NO_POOL_NUMBER: { code: 1004, message: 'No pool number available for country' },
  NOT_ENABLED: { code: 1005, message: 'SMS not enabled for organization' },
  SUPPRESSED: { code: 1006, message: 'Recipient opted out (suppressed)' },
} as const;

export type SmsResult = (typeof SMS_RESULT)[keyof typeof SMS_RESULT];
