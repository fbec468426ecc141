// Not libphonenumber-js: it places a number in a country only when the number is valid there, so the reserved
// fictional ranges the API documents and tests use (+44 7700 900xxx answers no country; +1 500 555 likewise) would
// find no pool number and answer 1004. Here the calling code alone decides, as carriers' routing does.
/**
 * Calling code → ISO 3166 country, longest prefix first. A deliberately small table (the countries the sandbox
 * pool serves and other large markets). Numbers of other countries are valid E.164 with country `null`; no pool
 * number serves them, so sending them answers 1004.
 */
const CALLING_CODES: [string, string][] = [
  ['1', 'US'],
  ['7', 'RU'],
  ['20', 'EG'],
  ['27', 'ZA'],
  ['30', 'GR'],
  ['31', 'NL'],
  ['32', 'BE'],
  ['33', 'FR'],
  ['34', 'ES'],
  ['36', 'HU'],
  ['39', 'IT'],
  ['40', 'RO'],
  ['41', 'CH'],
  ['43', 'AT'],
  ['44', 'GB'],
  ['45', 'DK'],
  ['46', 'SE'],
  ['47', 'NO'],
  ['48', 'PL'],
  ['49', 'DE'],
  ['51', 'PE'],
  ['52', 'MX'],
  ['54', 'AR'],
  ['55', 'BR'],
  ['56', 'CL'],
  ['57', 'CO'],
  ['60', 'MY'],
  ['61', 'AU'],
  ['62', 'ID'],
  ['63', 'PH'],
  ['64', 'NZ'],
  ['65', 'SG'],
  ['66', 'TH'],
  ['81', 'JP'],
  ['82', 'KR'],
  ['84', 'VN'],
  ['86', 'CN'],
  ['90', 'TR'],
  ['91', 'IN'],
  ['92', 'PK'],
  ['234', 'NG'],
  ['254', 'KE'],
  ['351', 'PT'],
  ['353', 'IE'],
  ['358', 'FI'],
  ['420', 'CZ'],
  ['852', 'HK'],
  ['971', 'AE'],
  ['972', 'IL'],
  ['966', 'SA'],
];

/** NANP area codes of Canada: +1 is the United States unless the area code is one of these. */
const CANADA_AREA_CODES = new Set([
  '204',
  '226',
  '236',
  '249',
  '250',
  '263',
  '289',
  '306',
  '343',
  '354',
  '365',
  '367',
  '368',
  '382',
  '403',
  '416',
  '418',
  '428',
  '431',
  '437',
  '438',
  '450',
  '468',
  '474',
  '506',
  '514',
  '519',
  '548',
  '579',
  '581',
  '584',
  '587',
  '604',
  '613',
  '639',
  '647',
  '672',
  '683',
  '705',
  '709',
  '742',
  '753',
  '778',
  '780',
  '782',
  '807',
  '819',
  '825',
  '867',
  '873',
  '879',
  '902',
  '905',
]);

const BY_LENGTH = [...CALLING_CODES].sort((a, b) => b[0].length - a[0].length);

/** Two-letter country of an E.164 number from its calling code, or null when the table does not know it. */
export function countryOf(e164: string): string | null {
  const digits = e164.slice(1);
  const match = BY_LENGTH.find(([code]) => digits.startsWith(code));
  if (!match) return null;
  if (match[1] === 'US' && CANADA_AREA_CODES.has(digits.slice(1, 4))) return 'CA';
  return match[1];
}
