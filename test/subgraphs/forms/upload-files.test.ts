import { sniffContentType } from '../../../subgraphs/forms/uploads/file-sniff.js';
import { sanitizeFileName } from '../../../subgraphs/forms/uploads/file-name.js';
import { fileRulesOf, typeAllowed } from '../../../subgraphs/forms/uploads/upload-rules.js';
import { uploadOfUrl, uploadUrl } from '../../../subgraphs/forms/uploads/upload-url.js';
import { isPostedFile, parseMultipart } from '../../../platform/http/multipart.js';

const UUID = '0b6f3a52-7d1e-4c1a-9a44-6f1f2b3c4d5e';
const ID = `fup_${'0123456789abcdefghjkmnpqrs'}`;

describe('form uploads: what a file is, what it is called, where it lives', () => {
  it('should read the type from the bytes, whatever the name says', () => {
    expect(sniffContentType(Buffer.from('%PDF-1.7\n...'), 'photo.png')).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'cv.pdf')).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a......'), 'x')).toBe('image/gif');
    expect(sniffContentType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic')]), 'x.jpg')).toBe(
      'image/heic',
    );
    expect(sniffContentType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]), 'x')).toBe(
      'video/mp4',
    );
    const docx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml....word/document.xml'),
    ]);
    expect(sniffContentType(docx, 'cv.pdf')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sniffContentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.docx')).toBe('application/zip');
    expect(sniffContentType(Buffer.from('name,age\nAda,36\n'), 'people.csv')).toBe('text/csv');
    expect(sniffContentType(Buffer.from('<html><script>alert(1)</script>'), 'x.png')).toBe('text/plain');
    expect(sniffContentType(Buffer.from([0x00, 0x01, 0x02, 0x80]), 'x.txt')).toBe('application/octet-stream');
    expect(sniffContentType(Buffer.from([0xc3, 0x28]), 'x.txt')).toBe('application/octet-stream');
  });

  it('should take the types a field allows, families included, and by default only recognised ones', () => {
    expect(typeAllowed(fileRulesOf({}), 'application/pdf')).toBe(true);
    expect(typeAllowed(fileRulesOf({}), 'application/octet-stream')).toBe(false);
    expect(typeAllowed(fileRulesOf({ allowedTypes: ['image/*'] }), 'image/webp')).toBe(true);
    expect(typeAllowed(fileRulesOf({ allowedTypes: ['image/*'] }), 'application/pdf')).toBe(false);
    expect(typeAllowed(fileRulesOf({ allowedTypes: ['application/octet-stream'] }), 'application/octet-stream')).toBe(
      true,
    );
    expect(fileRulesOf({ maxFileSize: 1000 }).maxBytes).toBe(1000);
  });

  it('should clean names of paths, control and direction characters, keeping the extension of a long one', () => {
    expect(sanitizeFileName('C:\\Users\\ada\\cv.pdf')).toBe('cv.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFileName('a\r\nb\t"c".pdf')).toBe('a b _c_.pdf');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('Résumé – Zoë.pdf')).toBe('Résumé – Zoë.pdf');
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('should know its own upload URLs, and nothing else, as uploads', () => {
    const url = uploadUrl('https://forms.example', UUID, ID);
    expect(uploadOfUrl('https://forms.example', url)).toEqual({ formUuid: UUID, id: ID });
    expect(uploadOfUrl('https://forms.example/base', uploadUrl('https://forms.example/base', UUID, ID))).toEqual({
      formUuid: UUID,
      id: ID,
    });
    expect(
      uploadOfUrl('https://forms.example', url.replace('https://forms.example', 'https://elsewhere.example')),
    ).toBeNull();
    expect(uploadOfUrl('https://forms.example', `${url}?x=1`)).toBeNull();
    expect(uploadOfUrl('https://forms.example', 'https://forms.example/f/x/logo')).toBeNull();
    expect(uploadOfUrl('', url)).toBeNull();
  });

  it('should read a multipart form: text, files, an empty file input, and refuse what is malformed', () => {
    const body = Buffer.from(
      [
        '--XyZ',
        'Content-Disposition: form-data; name="name"',
        '',
        'Ada Lovelace',
        '--XyZ',
        'Content-Disposition: form-data; name="cv"; filename="my %22cv%22.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4 bytes\r\nwith a line break',
        '--XyZ',
        'Content-Disposition: form-data; name="empty"; filename=""',
        'Content-Type: application/octet-stream',
        '',
        '',
        '--XyZ--',
        '',
      ].join('\r\n'),
    );
    const form = parseMultipart('multipart/form-data; boundary=XyZ', body);
    expect(form.name).toBe('Ada Lovelace');
    expect(isPostedFile(form.cv)).toBe(true);
    expect(form.cv).toMatchObject({ fileName: 'my "cv".pdf', declaredType: 'application/pdf' });
    expect((form.cv as { bytes: Buffer }).bytes.toString()).toBe('%PDF-1.4 bytes\r\nwith a line break');
    expect('empty' in form).toBe(false);
    expect(() => parseMultipart('multipart/form-data', body)).toThrow(/no boundary/);
    expect(() =>
      parseMultipart(
        'multipart/form-data; boundary=XyZ',
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunclosed'),
      ),
    ).toThrow(/not closed/);
    expect(() =>
      parseMultipart(
        'multipart/form-data; boundary=XyZ',
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\u0000y\r\n--XyZ--'),
      ),
    ).toThrow(/NUL/);
  });
});
