import { ApiError } from '../../api/api-error';
import { storedKey } from '../../api/session';

/**
 * The export is a REST path that needs the key in a header, which a plain link cannot send: it is fetched with the
 * key and handed to the browser as a file from a blob: address.
 */
export async function downloadExport(formId: number, format: 'csv' | 'json'): Promise<void> {
  const response = await fetch(`/forms/${formId}/submissions/export?format=${format}`, {
    headers: { Authorization: `Bearer ${storedKey() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new ApiError(
      body.error?.message ?? `HTTP ${response.status}`,
      body.error?.code ?? 'INTERNAL_SERVER_ERROR',
      response.headers.get('X-Request-Id'),
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `form-${formId}-submissions.${format}`;
  link.click();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
