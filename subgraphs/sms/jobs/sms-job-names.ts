/** Hands a send request's messages to the carrier (the sandbox or the configured provider): one job per request. */
export const SMS_CARRIER_JOB = 'sms.carrier';
/** The sandbox carrier's delivery report. */
export const SMS_REPORT_JOB = 'sms.sandbox-report';

export interface CarrierJobData {
  organizationId: string;
  /** The messages of one send request (a batch of 500 is one job, not 500). */
  messageIds: string[];
  /** Provider only: 1 on the first hand-over, counted up by the retries of unreachable-carrier errors. */
  attempt?: number;
}
