/** The one table from error code to HTTP status. GraphQL errors carry both in `extensions`. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SMS_NOT_ENABLED: 403,
  NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RECIPIENT_SUPPRESSED: 422,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // calendar
  SLOT_UNAVAILABLE: 409,
  PAST_BOOKING: 400,
  MINIMUM_NOTICE: 400,
  MAXIMUM_ADVANCE: 400,
  DAILY_LIMIT: 409,
  INVALID_TIMEZONE: 400,
  HOST_UNAVAILABLE: 409,
  EVENT_TYPE_INACTIVE: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: string | undefined): number {
  return (code && (ERROR_STATUS as Record<string, number>)[code]) || 500;
}
