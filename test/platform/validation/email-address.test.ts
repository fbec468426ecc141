import { isEmailAddress, IsEmailAddress } from '../../../platform/validation/email-address.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import { validateInput } from '../../../platform/validation/validate-input.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

const accepted: [string, string][] = [
  ['plain', 'user@example.com'],
  ['subdomain', 'first.last@mail.example.co.uk'],
  ['plus tag', 'user+tag@example.com'],
  ['every ASCII atext character', "a!#$%&'*+/=?^_`{|}~-z@example.com"],
  ['upper case', 'Ada.Lovelace@Example.COM'],
  ['digits in the domain', 'user@123.example'],
  ['hyphen inside a label', 'user@my-host.example'],
  ['IDN domain', 'user@exämple.com'],
  ['IDN domain in another script', 'user@пример.рф'],
  ['IDN domain as punycode', 'user@xn--exmple-cua.com'],
  ['non-ASCII local part', 'josé@example.com'],
  ['64-octet local part', `${'a'.repeat(64)}@example.com`],
  ['63-character label', `user@${'a'.repeat(63)}.com`],
  ['254 octets in all', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`],
];

const refused: [string, unknown][] = [
  ['doubled dot in the local part', 'a..b@example.com'],
  ['leading dot', '.user@example.com'],
  ['trailing dot in the local part', 'user.@example.com'],
  ['trailing dot of the domain', 'user@example.com.'],
  ['quoted local part', '"john doe"@example.com'],
  ['quoted local part without spaces', '"john"@example.com'],
  ['two @', 'a@b@example.com'],
  ['no local part', '@example.com'],
  ['no domain', 'user@'],
  ['no @', 'user.example.com'],
  ['one-label domain', 'user@localhost'],
  ['address literal', 'user@[192.0.2.1]'],
  ['IPv4 as the domain', 'user@192.0.2.1'],
  ['space in the local part', 'john doe@example.com'],
  ['leading space', ' user@example.com'],
  ['trailing space', 'user@example.com '],
  ['line break (header injection)', 'user@example.com\r\nBcc: x@evil.example'],
  ['display name form', 'Ada <ada@example.com>'],
  ['comma', 'a,b@example.com'],
  ['doubled dot in the domain', 'user@example..com'],
  ['leading hyphen in a label', 'user@-example.com'],
  ['trailing hyphen in a label', 'user@example-.com'],
  ['underscore in the domain', 'user@ex_ample.com'],
  ['invalid punycode', 'user@xn--zz.com'],
  ['IDN label with hyphens in its third and fourth places', 'user@ää--b.com'],
  ['zero-width joiner in the domain', 'user@exa\u200dmple.com'],
  ['control character in the local part', 'us\u0000er@example.com'],
  ['65-octet local part', `${'a'.repeat(65)}@example.com`],
  ['33 two-octet characters (66 octets)', `${'é'.repeat(33)}@example.com`],
  ['64-character label', `user@${'a'.repeat(64)}.com`],
  ['255 octets in all', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`],
  ['very long input', `${'a'.repeat(100_000)}@example.com`],
  ['empty', ''],
  ['not a string', 42],
  ['null', null],
];

describe('isEmailAddress', () => {
  it.each(accepted)('should accept an address with %s', (_case, address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(refused)('should refuse an address with %s', (_case, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('should answer a hostile long input in linear time', () => {
    const started = performance.now();
    for (let i = 0; i < 20; i++) isEmailAddress(`${'a.'.repeat(500)}@${'b-'.repeat(250)}`);
    // A backtracking pattern would take seconds on these; the rule answers in well under one.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('IsEmailAddress', () => {
  class Input {
    @IsEmailAddress() email!: string;
  }

  it('should pass a valid address and refuse an invalid one with the field named', async () => {
    await expect(validateInput(Object.assign(new Input(), { email: 'user@exämple.com' }))).resolves.toBeUndefined();
    const error = await validateInput(Object.assign(new Input(), { email: 'a..b@example.com' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual({
      field: 'email',
      received: 'a..b@example.com',
      expected: 'an email address',
    });
  });
});

describe('isE164', () => {
  it.each(['+14155550123', '+447700900123', '+6834002', '+123456789012345'])('should accept %s', (number) => {
    expect(isE164(number)).toBe(true);
  });

  it.each([
    '14155550123',
    '+04155550123',
    '+123456',
    '+1234567890123456',
    '+1 415 555 0123',
    '+1-415-555-0123',
    '+1415555012a',
    '',
    14155550123,
  ])('should refuse %s', (number) => {
    expect(isE164(number)).toBe(false);
  });
});
