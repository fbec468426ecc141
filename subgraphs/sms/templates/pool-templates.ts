/** A template of the shared pool: reviewed once for every organization, addressed by number or alias. */
export interface PoolTemplate {
  id: number;
  alias: string;
  name: string;
  body: string;
  /** Approved for every organization unless its settings say otherwise; marketing needs an explicit approval. */
  approvedByDefault: boolean;
}

/** The seeded pool (the API's "pool templates"). Ids are stable: callers send them as `templateId`. */
export const POOL_TEMPLATES: readonly PoolTemplate[] = [
  {
    id: 1,
    alias: 'verification-code',
    name: 'Verification code',
    body: 'Your {{appName}} verification code is {{code}}. It expires in {{minutes}} minutes.',
    approvedByDefault: true,
  },
  {
    id: 2,
    alias: 'login-alert',
    name: 'Login alert',
    body: 'New sign-in to your {{appName}} account from {{location}}. Not you? Reset your password.',
    approvedByDefault: true,
  },
  {
    id: 3,
    alias: 'appointment-reminder',
    name: 'Appointment reminder',
    body: 'Reminder: {{name}}, your appointment is on {{date}} at {{time}}.',
    approvedByDefault: true,
  },
  {
    id: 4,
    alias: 'order-shipped',
    name: 'Order shipped',
    body: 'Your order {{orderId}} has shipped. Track it: {{trackingUrl}}',
    approvedByDefault: true,
  },
  {
    id: 5,
    alias: 'password-reset',
    name: 'Password reset',
    body: 'Your {{appName}} password reset code is {{code}}.',
    approvedByDefault: true,
  },
  {
    id: 6,
    alias: 'promotion',
    name: 'Promotion',
    body: '{{appName}}: {{offer}} Reply STOP to opt out.',
    approvedByDefault: false,
  },
];

export function poolTemplateById(id: number): PoolTemplate | undefined {
  return POOL_TEMPLATES.find((t) => t.id === id);
}

export function poolTemplateByAlias(alias: string): PoolTemplate | undefined {
  return POOL_TEMPLATES.find((t) => t.alias === alias);
}
