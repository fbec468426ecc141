/** What the provider answered for one message. */
export type ProviderSendResult =
  | { kind: 'accepted'; providerMessageId: string }
  /** The provider refused this message (a 4xx other than 429): retrying would not help. */
  | { kind: 'rejected'; errorCode: number | null; errorMessage: string }
  /** 429, 5xx, a timeout or no connection: worth another try later. */
  | { kind: 'unavailable'; reason: string };

export interface TwilioMessage {
  to: string;
  from: string;
  body: string;
  statusCallback: string;
}

const TIMEOUT_MS = 10_000;

/** The Twilio-style Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, basic auth). */
export class TwilioClient {
  private readonly authorization: string;

  constructor(private readonly options: { baseUrl: string; accountSid: string; authToken: string }) {
    this.authorization = 'Basic ' + Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  }

  async send(message: TwilioMessage): Promise<ProviderSendResult> {
    const url = `${this.options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.options.accountSid)}/Messages.json`;
    const form = new URLSearchParams({
      To: message.to,
      From: message.from,
      Body: message.body,
      StatusCallback: message.statusCallback,
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'unavailable', reason: (error as Error).message };
    }
    const json = (await response.json().catch(() => null)) as {
      sid?: unknown;
      code?: unknown;
      message?: unknown;
    } | null;
    if (response.ok && typeof json?.sid === 'string') return { kind: 'accepted', providerMessageId: json.sid };
    if (response.status === 429 || response.status >= 500 || response.ok)
      return { kind: 'unavailable', reason: `provider answered ${response.status}` };
    return {
      kind: 'rejected',
      errorCode: typeof json?.code === 'number' ? json.code : null,
      errorMessage:
        typeof json?.message === 'string' ? json.message.slice(0, 500) : `provider answered ${response.status}`,
    };
  }
}
