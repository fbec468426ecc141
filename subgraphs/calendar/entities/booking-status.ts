/** PENDING (awaits the host's confirmation) and CONFIRMED hold their slot; CANCELLED and REJECTED free it. */
export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'REJECTED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold the slot (the exclusion constraint's WHERE clause says the same). */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['PENDING', 'CONFIRMED'];
