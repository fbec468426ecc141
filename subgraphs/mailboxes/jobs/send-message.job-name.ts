/** Sends one outbound message (now, or at its scheduled time). */
export const SEND_MESSAGE_JOB = 'mailboxes.send-message';

export interface SendMessageJobData {
  organizationId: string;
  messageId: string;
}
