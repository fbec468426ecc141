import { createHash } from 'node:crypto';

/** At most this many bytes of image: a logo, not a banner; the page's first load stays small. */
export const MAX_LOGO_BYTES = 100 * 1024;

/** Raster formats a browser shows in <img>, recognised by their first bytes. SVG is refused: it can carry script. */
const FORMATS: { type: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

export interface FormLogo {
  contentType: string;
  bytes: Buffer;
  /** Names this image in the page's URL (`?v=`), so a browser may cache it for good. */
  digest: string;
}

/** What the hosted page needs to point at a stored logo; kept in the form's theme. */
export interface FormLogoRef {
  contentType: string;
  digest: string;
}

/**
 * A `data:image/…;base64,…` URL as a logo, or null when it is not one: the declared type must be what the bytes are,
 * the base64 canonical, the image at most MAX_LOGO_BYTES.
 */
export function parseLogoDataUrl(value: unknown): FormLogo | null {
  if (typeof value !== 'string' || value.length > 40 + Math.ceil(MAX_LOGO_BYTES / 3) * 4) return null;
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES || bytes.toString('base64') !== match[2]) return null;
  const format = FORMATS.find((f) => f.matches(bytes));
  if (!format || format.type !== match[1]) return null;
  return { contentType: format.type, bytes, digest: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

/** The stored logo reference in a theme, if the theme has a well-formed one. */
export function logoRefOf(theme: Record<string, unknown>): FormLogoRef | null {
  const logo = theme.logo as Partial<FormLogoRef> | undefined;
  return logo && typeof logo.digest === 'string' && typeof logo.contentType === 'string'
    ? { digest: logo.digest, contentType: logo.contentType }
    : null;
}

/** The hosted page's address of a form's logo (same host as the page: nothing is loaded from elsewhere). */
export const logoPath = (uuid: string, logo: FormLogoRef) => `/f/${uuid}/logo?v=${logo.digest}`;

/** A theme as the API shows it: the stored logo reference becomes `logoUrl`, absolute from the platform's public URL. */
export function themeView(theme: Record<string, unknown>, uuid: string, publicUrl: string): Record<string, unknown> {
  const { logo: _stored, ...rest } = theme;
  const ref = logoRefOf(theme);
  return ref ? { ...rest, logoUrl: `${publicUrl}${logoPath(uuid, ref)}` } : rest;
}
