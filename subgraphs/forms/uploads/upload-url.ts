/** Ids of uploads: time-ordered, 80 random bits (newId), so a URL cannot be guessed from another. */
export const UPLOAD_ID_PREFIX = 'fup';
const PATH = /^\/forms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/files\/(fup_[0-9a-z]{26})$/;

/** The `fileUrl` of an upload: absolute on this platform, read with a key of the forms scope. */
export const uploadUrl = (publicUrl: string, formUuid: string, id: string) =>
  `${publicUrl}/forms/${formUuid}/files/${id}`;

/**
 * The form and upload a `fileUrl` names when it is one of this platform's upload URLs (same origin as PUBLIC_URL,
 * the files path); null for any other URL (a link the respondent typed, kept as given).
 */
export function uploadOfUrl(publicUrl: string, fileUrl: string): { formUuid: string; id: string } | null {
  if (!publicUrl) return null;
  try {
    const url = new URL(fileUrl);
    const base = new URL(publicUrl);
    const prefix = base.pathname.replace(/\/$/, '');
    if (url.origin !== base.origin || !url.pathname.startsWith(prefix) || url.search || url.hash) return null;
    const match = PATH.exec(url.pathname.slice(prefix.length));
    return match ? { formUuid: match[1]!, id: match[2]! } : null;
  } catch {
    return null;
  }
}
