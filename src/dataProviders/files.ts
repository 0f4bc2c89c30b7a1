import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { HttpClient, UploadProgress } from './httpClient';
import { fromPage, type Page, pagedListResource } from './pagedList';

/** Resource names of the file service. */
export const FILES_RESOURCE = 'files';
export const FILE_TOKENS_RESOURCE = 'filebucket-tokens';

export type ReferenceName = string;

export interface FileReference {
  name: ReferenceName;
  value: string;
}

/** Wire type of a stored file. `uploaded` in epoch seconds. */
export interface StoredFile {
  uid: string;
  meta: { name: string; description: string; uploaded: number; content_type: string; references: FileReference[] };
  stored_binary: { md5_hash: string; size: number };
}

/** The panel's file record: the meta and binary fields flattened so that the columns sort by the service's names. */
export interface FileRecord extends RaRecord<string> {
  id: string;
  name: string;
  description: string;
  uploaded: number;
  content_type: string;
  references: FileReference[];
  size: number;
  md5_hash: string;
}

export const toFileRecord = (file: StoredFile): FileRecord => ({
  id: file.uid,
  name: file.meta?.name ?? '',
  description: file.meta?.description ?? '',
  uploaded: file.meta?.uploaded ?? 0,
  content_type: file.meta?.content_type ?? '',
  references: file.meta?.references ?? [],
  size: file.stored_binary?.size ?? 0,
  md5_hash: file.stored_binary?.md5_hash ?? '',
});

export interface UploadParams {
  file: Blob;
  /** Defaults to the file's own name. */
  fileName?: string;
  name: string;
  description: string;
  /** Called as the request body goes out. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload; the service then keeps nothing. */
  signal?: AbortSignal;
}

/** The files provider's own method: dataProvider.uploadFile('files', {file, name, description}). */
export interface FilesMethods {
  uploadFile(resource: string, params: UploadParams): Promise<{ data: FileRecord }>;
}

/** The services take epoch seconds from 1970 to the end of 9999. */
const LAST_SECOND = 253_402_300_799;

/**
 * 'YYYY-MM-DD' (local day) -> epoch seconds of its start, or of its end with `endOfDay`, kept within what the services
 * take; undefined for anything that is not a day of the calendar.
 */
export function daySeconds(day: unknown, endOfDay = false): number | undefined {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const time = endOfDay ? new Date(2000, 0, 1, 23, 59, 59) : new Date(2000, 0, 1, 0, 0, 0);
  time.setFullYear(year, month - 1, date); // not Date's constructor: it reads years below 100 as 19xx
  if (time.getFullYear() !== year || time.getMonth() !== month - 1 || time.getDate() !== date) return undefined;
  return Math.min(LAST_SECOND, Math.max(0, Math.floor(time.getTime() / 1000)));
}

/** The file search in the paged dialect: filters uploaded {from, to} (days -> seconds) and reference {kind} -> reference_kind. */
export const fileSearch = pagedListResource<StoredFile, FileRecord>({
  url: '/search/',
  filters: {
    uploaded: (value) => {
      const range = (value ?? {}) as { from?: unknown; to?: unknown };
      const from = daySeconds(range.from);
      const to = daySeconds(range.to, true);
      if (from === undefined && to === undefined) return undefined;
      return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
    },
  },
  defaultSort: { field: 'uploaded', order: 'DESC' },
  getId: (item) => item.uid,
  toRecord: (item) => toFileRecord(item),
});

/** reference_kind is a top-level key of `filters`, taken from the panel's filter reference: {kind}. */
function searchQuery(params: Parameters<typeof fileSearch.query>[0]): URLSearchParams {
  const query = fileSearch.query(params);
  const kind = ((params.filter ?? {}) as { reference?: { kind?: unknown } }).reference?.kind;
  if (typeof kind === 'string' && kind) {
    const filters = query.has('filters') ? JSON.parse(query.get('filters')!) : {};
    query.set('filters', JSON.stringify({ ...filters, reference_kind: kind }));
  }
  return query;
}

const notSupported = (what: string) => Promise.reject(new Error(`${what} is not supported for files`));

export function createFilesDataProvider(filesUrl: string, httpClient: HttpClient): DataProvider & FilesMethods {
  const fileUrl = (id: Identifier) => `${filesUrl}/files/${encodeURIComponent(String(id))}/`;
  return {
    async getList(_resource, params) {
      const { json } = await httpClient(`${filesUrl}/search/?${searchQuery(params)}`, { signal: params.signal });
      return fromPage(json as Page<StoredFile>, fileSearch.config) as any;
    },
    async getOne(_resource, params) {
      const { json } = await httpClient(fileUrl(params.id), { signal: params.signal });
      return { data: toFileRecord(json as StoredFile) as any };
    },
    async getMany(_resource, params) {
      const files = await Promise.all(params.ids.map((id) => httpClient(fileUrl(id)).then(({ json }) => toFileRecord(json as StoredFile))));
      return { data: files as any };
    },
    getManyReference: () => notSupported('getManyReference'),
    create: () => notSupported('create'),
    update: () => notSupported('update'),
    updateMany: () => notSupported('updateMany'),
    delete: () => notSupported('delete'),
    deleteMany: () => notSupported('deleteMany'),
    async uploadFile(_resource, { file, fileName, name, description, onProgress, signal }) {
      const body = new FormData();
      body.append('meta', JSON.stringify({ name, description }));
      body.append('file', file, fileName ?? (file as File).name ?? name);
      const { json } = await httpClient(`${filesUrl}/upload/`, { method: 'POST', body, signal, onUploadProgress: onProgress ?? (() => undefined) });
      return { data: toFileRecord(json as StoredFile) };
    },
  };
}
