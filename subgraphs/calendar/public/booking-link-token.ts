import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in the links the attendee's emails carry (cancel and reschedule pages): an HMAC of the booking uid under the platform's
 * internal secret. Whoever holds the email may manage that one booking, and no other; the uid alone is not enough.
 */
export function bookingLinkToken(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(`booking-link\0${uid}`).digest('base64url');
}

export function validBookingLinkToken(secret: string, uid: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length > 100) return false;
  const expected = Buffer.from(bookingLinkToken(secret, uid));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The attendee's cancel or reschedule page of a booking, absolute from the platform's public URL. */
export function bookingLinkPageUrl(
  publicUrl: string,
  secret: string,
  uid: string,
  action: 'cancel' | 'reschedule',
): string {
  return `${publicUrl}/book/bookings/${encodeURIComponent(uid)}/${action}?token=${bookingLinkToken(secret, uid)}`;
}
