import { parse } from 'csv-parse/sync';
import { csvCell } from '../../../subgraphs/forms/submissions/export-format.js';

// Our CSV cells read back by an independent RFC 4180 parser (csv-parse): what a spreadsheet or script will see.
describe('CSV export cells (pure)', () => {
  const tricky: [unknown, string][] = [
    ['plain', 'plain'],
    ['with, comma', 'with, comma'],
    ['say "hi"', 'say "hi"'],
    ['two\nlines', 'two\nlines'],
    ['crlf\r\ninside', 'crlf\r\ninside'],
    ['Zoë 日本 🙂', 'Zoë 日本 🙂'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-3', "'-3"],
    ['@cmd', "'@cmd"],
    ['\tTabbed', "'\tTabbed"],
    [-3, '-3'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [['a', 'b, c'], 'a; b, c'],
    [{ fileUrl: 'https://files.example/x.pdf', fileName: 'x.pdf' }, 'https://files.example/x.pdf'],
    [{ other: 1 }, '{"other":1}'],
  ];

  it('should read back, cell for cell, as written (formulas neutralised with a leading quote)', () => {
    const line = tricky.map(([value]) => csvCell(value)).join(',') + '\r\n';
    const records = parse(line + line, { relax_column_count: false }) as string[][];
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual(tricky.map(([, expected]) => expected));
    expect(records[1]).toEqual(records[0]);
  });
});
