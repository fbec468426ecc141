import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the calendar module raises; its routes list them in the OpenAPI document. */
export const CALENDAR_ERROR_CODES = moduleErrorCodes('calendar', {
  SLOT_UNAVAILABLE: { status: 409 },
  PAST_BOOKING: { status: 400 },
  MINIMUM_NOTICE: { status: 400 },
  MAXIMUM_ADVANCE: { status: 400 },
  DAILY_LIMIT: { status: 409 },
  INVALID_TIMEZONE: { status: 400 },
  HOST_UNAVAILABLE: { status: 409 },
  EVENT_TYPE_INACTIVE: { status: 409 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    calendar: typeof CALENDAR_ERROR_CODES;
  }
}
