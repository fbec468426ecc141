import { isValidTwilioSignature, twilioSignature } from '../../../../subgraphs/sms/provider/twilio-signature.js';

// Twilio's own documented example (security/signature_validation in TwilioDevEd/api-snippets).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675310',
  Digits: '1234',
  From: '+14158675310',
  To: '+18005551212',
};
const DOCUMENTED = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';

describe('Twilio request signature', () => {
  it("should compute the signature of Twilio's documented example", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(DOCUMENTED);
  });

  it('should accept the documented signature and refuse a changed parameter, URL, token or a missing signature', () => {
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, DOCUMENTED)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: '1235' }, DOCUMENTED)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL + '&x=1', PARAMS, DOCUMENTED)).toBe(false);
    expect(isValidTwilioSignature('54321', URL, PARAMS, DOCUMENTED)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, 'short')).toBe(false);
  });
});
