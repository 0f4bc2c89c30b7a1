import type { Static } from '@sinclair/typebox';
import type { DeleteManyParams, DeleteParams, Identifier, RaRecord } from 'react-admin';
import type { StoredFile as StoredFileSchema } from '../../contracts/files';
import type { HttpClient, UploadProgress } from './httpClient';
import { dayRange } from './kit/dayRange';
import { pagedListResource } from './kit/pagedList';
import { resourceProvider, type UpdateParamsOf } from './kit/resourceProvider';

/** The file service's largest page and bulk delete: "Select all" selects at most this many, deleteMany sends this many per request. */
export const FILES_PER_REQUEST = 100;

export const FILES_RESOURCE = 'files';

/** Wire type of a stored file. `uploaded` in epoch seconds. */
export type StoredFile = Static<typeof StoredFileSchema>;
export type FileReference = StoredFile['meta']['references'][number];

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

const toFileRecord = (file: StoredFile): FileRecord => ({
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

/** What the edit dialog changes: any of name, description and references. */
export interface FileMetaChanges {
  name?: string;
  description?: string;
  references?: FileReference[];
}

/**
 * The types the service previews (GET /preview/{uid}/), and the only types the panel gives a preview's object URL:
 * never the type a response claims, so that no stored file can become a document of the panel's origin.
 */
export const PREVIEW_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
export const previewTypeOf = (contentType: string): PreviewType | undefined =>
  PREVIEW_TYPES.find((type) => type === contentType.trim().toLowerCase());

/** The reference filter {kind} -> the kind, when it is one. */
const referenceKind = (value: unknown) => {
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : undefined;
};

/** The file name of a Content-Disposition header (filename* first), or null. */
function dispositionFileName(header: string | null): string | null {
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
 * The file service: the search in the paged dialect (filters uploaded {from, to} in days, and the reference kind
 * {kind} sent as reference_kind), one file by uid, and the own methods uploadFile and downloadFile.
 */
export function createFilesProvider(filesUrl: string, httpClient: HttpClient) {
  const fileUrl = (id: Identifier) => `${filesUrl}/files/${encodeURIComponent(String(id))}/`;
  return resourceProvider({
    ...pagedListResource<StoredFile, FileRecord>(httpClient, {
      url: `${filesUrl}/search/`,
      filters: {
        uploaded: dayRange,
        reference: { key: 'reference_kind', convert: referenceKind },
      },
      defaultSort: { field: 'uploaded', order: 'DESC' },
      getId: (item) => item.uid,
      toRecord: toFileRecord,
      itemUrl: fileUrl,
    }),

    /** PATCH /files/{uid}/ with the changed fields only. */
    update: async (_resource: string, { id, data }: UpdateParamsOf<FileMetaChanges, FileRecord>) => {
      const changed = (await httpClient(fileUrl(id), { method: 'PATCH', body: JSON.stringify(data) }))
        .json as StoredFile;
      return { data: toFileRecord(changed) };
    },

    delete: async (_resource: string, { id, previousData }: DeleteParams<FileRecord>) => {
      await httpClient(fileUrl(id), { method: 'DELETE' });
      return { data: previousData ?? { id } };
    },

    /** One request for the whole selection; answers the ids deleted (a file someone else deleted first is not among them). */
    /** In requests of at most FILES_PER_REQUEST files, one after the other: each is one transaction of the service. */
    deleteMany: async (_resource: string, { ids }: DeleteManyParams) => {
      const deleted: string[] = [];
      for (let start = 0; start < ids.length; start += FILES_PER_REQUEST) {
        const uids = ids.slice(start, start + FILES_PER_REQUEST).map(String);
        const answer = await httpClient(`${filesUrl}/files/delete/`, {
          method: 'POST',
          body: JSON.stringify({ uids }),
        });
        deleted.push(...(answer.json as { deleted: string[] }).deleted);
      }
      return { data: deleted };
    },

    /** dataProvider.previewFile('files', {id, contentType}): the file's bytes, typed as one of PREVIEW_TYPES (never as the response says). */
    previewFile: async (_resource: string, { id, contentType }: { id: Identifier; contentType: string }) => {
      const type = previewTypeOf(contentType);
      if (!type) throw new Error(`${contentType} cannot be previewed`);
      const { blob } = await httpClient.blob(`${filesUrl}/preview/${encodeURIComponent(String(id))}/`);
      return { data: { bytes: new Uint8Array(await blob.arrayBuffer()), type } };
    },

    /** dataProvider.uploadFile('files', {file, name, description}) */
    uploadFile: async (_resource: string, { file, fileName, name, description, onProgress, signal }: UploadParams) => {
      const body = new FormData();
      body.append('meta', JSON.stringify({ name, description }));
      body.append('file', file, fileName ?? (file as File).name ?? name);
      const answer = await httpClient(`${filesUrl}/upload/`, {
        method: 'POST',
        body,
        signal,
        onUploadProgress: onProgress ?? (() => undefined),
      });
      return { data: toFileRecord(answer.json as StoredFile) };
    },

    /** dataProvider.downloadFile('files', {id, fallbackName}): the file's bytes and its name (from Content-Disposition). */
    downloadFile: async (_resource: string, { id, fallbackName }: { id: Identifier; fallbackName: string }) => {
      const { blob, headers } = await httpClient.blob(`${filesUrl}/download/${encodeURIComponent(String(id))}/`);
      return { data: { blob, fileName: dispositionFileName(headers.get('Content-Disposition')) || fallbackName } };
    },
  });
}
