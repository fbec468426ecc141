import { isE164 } from '../../../../platform/validation/phone-number.js';
import { countryOf } from '../../../../subgraphs/sms/sending/phone-number.js';

describe('E.164 and the country of a number', () => {
  it.each(['+14155550123', '+447700900123', '+4915510000123', '+819012345678', '+1234567'])('should accept %s', (n) => {
    expect(isE164(n)).toBe(true);
  });

  it.each([
    ['no plus', '14155550123'],
    ['a leading zero country code', '+04155550123'],
    ['16 digits', '+1234567890123456'],
    ['spaces', '+1 415 555 0123'],
    ['letters', '+1415555CALL'],
    ['too short', '+12345'],
    ['empty', ''],
  ])('should refuse %s', (_why, n) => {
    expect(isE164(n)).toBe(false);
  });

  it.each([
    ['+14155550123', 'US'],
    ['+16135550134', 'CA'],
    ['+14165550187', 'CA'],
    ['+447700900123', 'GB'],
    ['+4915510000123', 'DE'],
    ['+33639980123', 'FR'],
    ['+61491570156', 'AU'],
    ['+819012345678', 'JP'],
    ['+353861234567', 'IE'],
    ['+35201234567', null],
  ])('should read the country of %s as %s (longest calling code first)', (n, country) => {
    expect(countryOf(n)).toBe(country);
  });
});
