/** The SMS module's configuration (docs/sms.md). */
import { configSection } from '../../platform/config/config-section.js';

export interface SmsConfig {
  /** Twilio-style SMS provider (all three variables or none); the sandbox carrier when unset. */
  provider?: { baseUrl: string; accountSid: string; authToken: string };
}

export const SMS_CONFIG = configSection('sms', (env): SmsConfig => {
  const names = ['SMS_PROVIDER_URL', 'SMS_PROVIDER_ACCOUNT_SID', 'SMS_PROVIDER_AUTH_TOKEN'];
  const [baseUrl, accountSid, authToken] = [
    env.url('SMS_PROVIDER_URL', ['http:', 'https:']),
    env.str('SMS_PROVIDER_ACCOUNT_SID'),
    env.str('SMS_PROVIDER_AUTH_TOKEN'),
  ];
  const all = env.allOrNone(names, [baseUrl, accountSid, authToken]);
  return {
    provider: all
      ? { baseUrl: baseUrl!.replace(/\/$/, ''), accountSid: accountSid!, authToken: authToken! }
      : undefined,
  };
});

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    sms: SmsConfig;
  }
}
