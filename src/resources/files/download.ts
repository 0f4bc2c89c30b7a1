import { HttpError } from 'react-admin';
import type { Services } from '../../auth/ServicesContext';
import { isProblem, ProblemError } from '../../dataProviders/problem';
import { fieldLabelsFor } from '../../dataProviders/problemFields';

/** The file name of a Content-Disposition header (filename* first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/**
 * GET {filesUrl}/download/{uid}/ with the session's bearer token (the JSON http client cannot read bytes) and returns
 * the blob with its file name. Problem bodies become HttpErrors like the http client's.
 */
export async function fetchFile(services: Pick<Services, 'config' | 'session'>, uid: string, fallbackName: string) {
  const token = await services.session.getAccessToken();
  if (!token) throw new HttpError('Unauthorized', 401, null);
  const response = await fetch(`${services.config.filesUrl}/download/${encodeURIComponent(uid)}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (isProblem(body)) throw new ProblemError(response.status, body, fieldLabelsFor(response.url), response.statusText);
    throw new HttpError(response.statusText || `HTTP ${response.status}`, response.status, body);
  }
  const blob = await response.blob();
  return { blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) || fallbackName };
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
