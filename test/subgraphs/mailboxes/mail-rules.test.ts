import { baseSubject, forwardSubject, replySubject } from '../../../subgraphs/mailboxes/shared/base-subject.js';
import { parseAddress, parseAddressList } from '../../../subgraphs/mailboxes/shared/addresses.js';
import { checkCustomHeaders } from '../../../subgraphs/mailboxes/shared/custom-headers.js';
import { checkAttachments, MAX_ATTACHMENT_BYTES } from '../../../subgraphs/mailboxes/shared/attachments.js';
import { replyReferences } from '../../../subgraphs/mailboxes/threads/threading.js';

describe('mailbox rules', () => {
  it('should strip reply and forward markers and list tags into the base subject (RFC 8621 section 3)', () => {
    expect(baseSubject('Re: Project kickoff')).toBe('project kickoff');
    expect(baseSubject('RE: [team] Fwd:  Project   kickoff')).toBe('project kickoff');
    expect(baseSubject('Re[2]: AW: SV: Fw: Project kickoff (fwd)')).toBe('project kickoff');
    expect(baseSubject('[list][other] Re: x')).toBe('x');
    expect(baseSubject('Re: Budget')).not.toBe(baseSubject('Re: Project kickoff'));
    expect(baseSubject('Regarding the plan')).toBe('regarding the plan');
    expect(replySubject('Re: x')).toBe('Re: x');
    expect(replySubject('x')).toBe('Re: x');
    expect(forwardSubject('Fw: x')).toBe('Fw: x');
    expect(forwardSubject('x')).toBe('Fwd: x');
  });

  it("should parse recipients with nodemailer's parser and refuse anything but one valid address", () => {
    expect(parseAddress('Ada Lovelace <ADA@Example.com>', 'to')).toEqual({
      address: 'ada@example.com',
      entry: '"Ada Lovelace" <ada@example.com>',
    });
    expect(parseAddress('bob@example.com', 'to')).toEqual({ address: 'bob@example.com', entry: 'bob@example.com' });
    for (const bad of ['', 'bob', 'a@b', 'a@b.c, d@e.f', 'x@y.z\r\nBcc: evil@example.com', 'group: a@b.c;', '<>']) {
      expect(() => parseAddress(bad, 'to')).toThrow(expect.objectContaining({ code: 'INVALID_RECIPIENT' }));
    }
    expect(parseAddressList(['a@b.io', 'A@B.io', 'c@d.io'], 'cc').map((a) => a.address)).toEqual(['a@b.io', 'c@d.io']);
    expect(() =>
      parseAddressList(
        Array.from({ length: 51 }, (_, i) => `r${i}@x.io`),
        'to',
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_RECIPIENT' }));
  });

  it('should refuse reserved headers, CR/LF and bad names, and keep custom ones', () => {
    expect(checkCustomHeaders({ 'X-Campaign': 'fall', 'List-Id': '<x.example.com>' })).toEqual({
      'X-Campaign': 'fall',
      'List-Id': '<x.example.com>',
    });
    for (const headers of [
      { 'message-id': '<x@y>' },
      { 'Reply-To': 'a@b.c' },
      { BCC: 'a@b.c' },
      { 'X-A': 'a\nb' },
      { 'X-A': 'a\rb' },
      { 'Bad Name': 'x' },
      { 'X-A': 1 },
    ]) {
      expect(() => checkCustomHeaders(headers)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    }
  });

  it('should check base64 strictly and sum decoded sizes against 25 MB', () => {
    const ok = checkAttachments([{ filename: 'a.txt', content: Buffer.from('hello').toString('base64') }]);
    expect(ok[0]).toMatchObject({ filename: 'a.txt', contentType: 'application/octet-stream', size: 5 });
    for (const content of ['aGVsbG8', 'aGV sbG8=', '@@@@'])
      expect(() => checkAttachments([{ filename: 'a', content }])).toThrow(
        expect.objectContaining({ code: 'VALIDATION_ERROR' }),
      );
    const carried = [{ id: 'att_1', filename: 'big', contentType: 'x/y', size: MAX_ATTACHMENT_BYTES, content: '' }];
    expect(() => checkAttachments([{ filename: 'one-more', content: 'AA==' }], carried)).toThrow(
      expect.objectContaining({ code: 'ATTACHMENT_TOO_LARGE' }),
    );
  });

  it("should build References from the original's References (or In-Reply-To) plus its Message-ID", () => {
    expect(replyReferences({ references: ['<a@x>', '<b@x>'], messageId: '<c@x>', inReplyTo: '<b@x>' })).toEqual([
      '<a@x>',
      '<b@x>',
      '<c@x>',
    ]);
    expect(replyReferences({ references: [], messageId: '<c@x>', inReplyTo: '<b@x>' })).toEqual(['<b@x>', '<c@x>']);
    expect(replyReferences({ references: [], messageId: '<c@x>', inReplyTo: null })).toEqual(['<c@x>']);
  });
});
