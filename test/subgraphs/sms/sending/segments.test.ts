import { SegmentedMessage } from 'sms-segments-calculator';
import { countSegments } from '../../../../subgraphs/sms/sending/segments.js';

const gsm = (n: number, c = 'a') => c.repeat(n);

// Tricky texts: boundaries of both encodings, extension characters at part edges, emoji (surrogate pairs and
// ZWJ sequences) at part edges, one non-GSM character in a long GSM text, CR LF, accented GSM letters.
const TEXTS: [string, string][] = [
  ['empty', ''],
  ['plain', 'Your code is 123456'],
  ['160 GSM', gsm(160)],
  ['161 GSM', gsm(161)],
  ['306 GSM (2 × 153)', gsm(306)],
  ['307 GSM', gsm(307)],
  ['459 GSM (3 parts)', gsm(459)],
  ['€ counts two: 159 + €', gsm(158) + '€'],
  ['€ counts two: 159 + € overflows', gsm(159) + '€'],
  ['{ at the end of part one', gsm(152) + '{' + gsm(10)],
  ['every extension character', '\f^{}\\[~]|€'.repeat(16)],
  ['extension characters across parts', '[]'.repeat(100)],
  ['accented GSM letters', 'Ça coûte 5€ à Zürich, ñ ü é è ù ì ò Å Ø Δ Φ'],
  ['one non-GSM char in a long text', gsm(150) + 'ç'],
  ['70 UCS-2', '日'.repeat(70)],
  ['71 UCS-2', '日'.repeat(71)],
  ['134 UCS-2 (2 × 67)', '日'.repeat(134)],
  ['135 UCS-2', '日'.repeat(135)],
  ['emoji alone', '😀'],
  ['35 emoji (70 units)', '😀'.repeat(35)],
  ['36 emoji', '😀'.repeat(36)],
  ['emoji straddling a part edge', gsm(66) + '😀' + gsm(10)],
  ['ZWJ family', 'Hi 👨‍👩‍👧‍👦 welcome'],
  ['flags and skin tones', '🇫🇷🇩🇪👍🏽'.repeat(12)],
  ['CR LF', 'Line one\r\nLine two\r\n' + gsm(150)],
  [
    'long mixed',
    'Hello {{name}}! Your order #4411 ships today 🚚. Track: https://ex.am/ple?x=[1] — thanks, €20 off next time ' +
      'ü'.repeat(40),
  ],
  ['curly quotes switch to UCS-2', '“Quoted” text'],
  ['Greek capital letters in GSM', 'ΔΦΓΛΩΠΨΣΘΞ'.repeat(17)],
];

describe('countSegments against sms-segments-calculator (Twilio)', () => {
  it.each(TEXTS)('should match the reference on %s', (_name, text) => {
    const reference = new SegmentedMessage(text);
    const ours = countSegments(text);
    expect({ encoding: ours.encoding, segments: ours.segments }).toEqual({
      encoding: reference.encodingName,
      segments: reference.segmentsCount,
    });
  });

  it('should state the documented limits: 160/153 GSM-7, 70/67 UCS-2, extension characters count two', () => {
    expect(countSegments(gsm(160)).segments).toBe(1);
    expect(countSegments(gsm(153 * 2)).segments).toBe(2);
    expect(countSegments(gsm(153 * 2 + 1)).segments).toBe(3);
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1, units: 160 });
    expect(countSegments('€'.repeat(81)).segments).toBe(2);
    expect(countSegments('é' + 'ж'.repeat(69))).toEqual({ encoding: 'UCS-2', segments: 1, units: 70 });
    expect(countSegments('ж'.repeat(67 * 2)).segments).toBe(2);
    expect(countSegments('ж'.repeat(67 * 2 + 1)).segments).toBe(3);
  });
});
