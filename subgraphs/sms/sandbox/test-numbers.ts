/**
 * Destinations the sandbox carrier treats specially (documented in README). Every other number is delivered.
 * Valid E.164 US numbers in the +1 500 555 range that Twilio also reserves for tests; never real handsets.
 */
export const SANDBOX_FAIL_NUMBER = '+15005550001';
export const SANDBOX_UNDELIVERED_NUMBER = '+15005550002';

export interface SandboxOutcome {
  /** Final status after SENDING. */
  final: 'DELIVERED' | 'UNDELIVERED' | 'FAILED';
  errorCode: number | null;
  errorMessage: string | null;
}

/** What the sandbox carrier does with a destination; the error codes are the Twilio ones a real carrier would report. */
export function sandboxOutcome(to: string): SandboxOutcome {
  if (to === SANDBOX_FAIL_NUMBER)
    return { final: 'FAILED', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' };
  if (to === SANDBOX_UNDELIVERED_NUMBER)
    return { final: 'UNDELIVERED', errorCode: 30003, errorMessage: 'Unreachable destination handset' };
  return { final: 'DELIVERED', errorCode: null, errorMessage: null };
}
