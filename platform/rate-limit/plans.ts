/** Plans: request rates per second by category, and monthly quotas. */
export const PLAN_NAMES = ['STARTER', 'GROWTH', 'SCALE', 'ENTERPRISE'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export type RateCategory = 'general' | 'emailSending' | 'smsSending' | 'reads' | 'batch';
export type QuotaResource = 'emails' | 'sms' | 'formSubmissions' | 'apiRequests';

export interface Plan {
  /** Requests per second per category. */
  rates: Record<RateCategory, number>;
  /** Monthly (apiRequests: daily) allowance; null is unlimited. */
  quotas: Record<QuotaResource, number | null>;
  /** Contract figures that replace the per-endpoint limits (Enterprise). */
  customLimits?: boolean;
}

export const PLANS: Record<PlanName, Plan> = {
  STARTER: {
    rates: { general: 50, emailSending: 50, smsSending: 10, reads: 100, batch: 5 },
    quotas: { emails: 10_000, sms: 1_000, formSubmissions: 1_000, apiRequests: 10_000 },
  },
  GROWTH: {
    rates: { general: 200, emailSending: 200, smsSending: 50, reads: 500, batch: 20 },
    quotas: { emails: 100_000, sms: 10_000, formSubmissions: 10_000, apiRequests: 100_000 },
  },
  SCALE: {
    rates: { general: 1_000, emailSending: 1_000, smsSending: 200, reads: 2_000, batch: 100 },
    quotas: { emails: null, sms: 100_000, formSubmissions: null, apiRequests: null },
  },
  // "custom" in the spec: the default contract, ten times Scale, without the public per-endpoint caps.
  ENTERPRISE: {
    rates: { general: 10_000, emailSending: 10_000, smsSending: 2_000, reads: 20_000, batch: 1_000 },
    quotas: { emails: null, sms: null, formSubmissions: null, apiRequests: null },
    customLimits: true,
  },
};
