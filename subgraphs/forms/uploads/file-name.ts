/** The longest stored name, in characters; the extension is kept when a longer one is cut. */
const MAX_NAME = 255;

/**
 * A respondent's file name as stored and shown: the last path segment only (a browser may send `C:\…\cv.pdf`), no
 * control or bidirectional-override characters (a name that reads `cv‮fdp.exe`), none of `\ / : * ? " < > |`,
 * whitespace runs made one space, at most 255 characters; "file" when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[:*?"<>|]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return 'file';
  const chars = [...clean];
  if (chars.length <= MAX_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return chars.slice(0, MAX_NAME - [...extension].length).join('') + extension;
}
