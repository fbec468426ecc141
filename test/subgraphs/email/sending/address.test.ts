import { bareAddress, parseAddressList } from '../../../../subgraphs/email/sending/address.js';

describe('parseAddressList', () => {
  it.each([
    ['a bare address', 'user@example.com', ['user@example.com']],
    ['a named address', 'Jane Doe <jane@example.com>', ['Jane Doe <jane@example.com>']],
    ['a quoted name with a comma', '"Doe, Jane" <jane@example.com>', ['"Doe, Jane" <jane@example.com>']],
    [
      'a comma-separated string',
      'a@example.com, B <b@sub.example.co.uk>,',
      ['a@example.com', 'B <b@sub.example.co.uk>'],
    ],
    ['an array', ['a@example.com', ' Bob <bob+tag@example.org> '], ['a@example.com', 'Bob <bob+tag@example.org>']],
    ['an array entry whose name needs quoting', ['Doe, Jane <jane@example.com>'], ['"Doe, Jane" <jane@example.com>']],
    ['an empty name', '<x@example.com>', ['x@example.com']],
    ['an internationalized domain', 'user@bücher.example', ['user@bücher.example']],
    ['an empty array', [], []],
  ])('accepts %s', (_name, input, expected) => {
    expect(parseAddressList(input, 'to')).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['no at sign', 'user.example.com'],
    ['no dot in the domain', 'user@localhost'],
    ['a space', 'us er@example.com'],
    ['two at signs', 'a@b@example.com'],
    ['an empty local part', '@example.com'],
    ['a leading dot', '.user@example.com'],
    ['a double dot', 'a..b@example.com'],
    ['an empty domain label', 'user@example..com'],
    ['a hyphen at a label edge', 'user@-example.com'],
    ['an unclosed bracket', 'Jane <jane@example.com'],
    ['a bracket in the name', 'Ja<ne <jane@example.com>'],
    ['a header injection', 'jane@example.com\r\nBcc: victim@example.com'],
    [
      'an address over 254 characters',
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(20)}.com`,
    ],
    ['an empty entry in the middle', 'a@example.com,,b@example.com'],
  ])('rejects %s', (_name, input) => {
    const result = parseAddressList(input, 'to');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^to /);
  });

  it('names the offending entry', () => {
    expect(parseAddressList(['ok@example.com', 'nope'], 'cc')).toEqual({
      ok: false,
      received: 'nope',
      message: 'cc has an invalid email address: "nope"',
    });
  });

  it.each([[42], [null], [undefined], [{ address: 'a@example.com' }], [['a@example.com', 7]]])(
    'rejects the wrong type %j',
    (input) => {
      expect(parseAddressList(input, 'to')).toMatchObject({
        ok: false,
        message: 'to must be a string or an array of strings',
      });
    },
  );

  it('accepts 50 addresses and rejects 51', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `u${i}@example.com`);
    expect(parseAddressList(list(50), 'bcc')).toMatchObject({ ok: true });
    expect(parseAddressList(list(51), 'bcc')).toMatchObject({ ok: false, received: 51 });
    expect(parseAddressList(list(51).join(','), 'bcc')).toMatchObject({ ok: false, received: 51 });
  });

  it('stays fast on adversarial input', () => {
    const started = Date.now();
    parseAddressList('a'.repeat(20_000) + '@' + 'b.'.repeat(5_000), 'to');
    parseAddressList(['x'.repeat(500) + '@' + '-'.repeat(10) + '!', `${'"'.repeat(10_000)}<a@b.co>`], 'to');
    parseAddressList('<'.repeat(20_000), 'to');
    expect(Date.now() - started).toBeLessThan(5_000); // catastrophic backtracking would take minutes
  });
});

describe('bareAddress', () => {
  it('lower-cases the address part', () => {
    expect(bareAddress('Jane Doe <Jane.Doe@Example.COM>')).toBe('jane.doe@example.com');
    expect(bareAddress(' USER@EXAMPLE.COM ')).toBe('user@example.com');
    expect(bareAddress('"Doe, <Jane>" <jane@example.com>')).toBe('jane@example.com');
  });
});
