import { Type, type Static } from '@sinclair/typebox';
import { Page, pagedList, SecondsRange } from './paging';
import { Uid } from './common';
import { closed, nullable } from './schema-kit';

/** PostgreSQL text cannot hold NUL; every other character is stored as sent. */
const WITHOUT_NUL = '^[^\\u0000]*$';

export const REFERENCE_KINDS = ['ServiceContract', 'Customer', 'ServiceAgency', 'Caregiver'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const ReferenceName = Type.String({
  pattern: `^(Legacy)?(${REFERENCE_KINDS.join('|')})$`,
  description: `one of ${REFERENCE_KINDS.join(', ')}, optionally with a Legacy prefix`,
});

const Reference = Type.Object(
  {
    name: ReferenceName,
    value: Type.String({ minLength: 1, maxLength: 256, pattern: WITHOUT_NUL, description: 'free of NUL characters' }),
  },
  closed,
);
const References = Type.Array(Reference, { maxItems: 100 });

const FileName = Type.String({
  minLength: 4,
  maxLength: 512,
  pattern: WITHOUT_NUL,
  description: 'free of NUL characters',
});
const FileDescription = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: WITHOUT_NUL,
  description: 'free of NUL characters',
});

export const UploadMeta = Type.Object(
  { name: FileName, description: FileDescription, references: Type.Optional(References) },
  closed,
);

/** PATCH /files/{uid}/: the fields to change, validated as in an upload; at least one. */
export const FileMetaPatch = Type.Object(
  { name: Type.Optional(FileName), description: Type.Optional(FileDescription), references: Type.Optional(References) },
  { ...closed, minProperties: 1 },
);
export type FileMetaPatchValue = Static<typeof FileMetaPatch>;

/** POST /files/delete/: the files to delete, each once. */
export const DeleteFilesBody = Type.Object(
  { uids: Type.Array(Uid, { minItems: 1, maxItems: 100, uniqueItems: true }) },
  closed,
);
export const DeletedFiles = Type.Object({
  deleted: Type.Array(Type.String(), { description: 'the uids deleted now' }),
  not_found: Type.Array(Type.String(), { description: 'the uids no file has (already deleted, or never stored)' }),
});

/**
 * `{references}`, or the file as GET returns it with the new references in `meta.references`; its other fields are
 * read-only and must equal the stored file.
 */
export const ReferencesBody = Type.Object(
  {
    references: Type.Optional(References),
    uid: Type.Optional(Uid),
    meta: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String()),
          description: Type.Optional(Type.String()),
          uploaded: Type.Optional(Type.Integer()),
          content_type: Type.Optional(Type.String()),
          references: Type.Optional(References),
        },
        closed,
      ),
    ),
    stored_binary: Type.Optional(
      Type.Object({ md5_hash: Type.Optional(Type.String()), size: Type.Optional(Type.Integer()) }, closed),
    ),
  },
  closed,
);
export type ReferencesBodyValue = Static<typeof ReferencesBody>;
export const FileUidParams = Type.Object({ uid: Uid }, closed);

const SORT_KEYS = ['name', 'size', 'content_type', 'description', 'uploaded'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const FileSearch = pagedList({
  sortKeys: SORT_KEYS,
  defaultSortBy: 'uploaded',
  query: { pattern: WITHOUT_NUL, description: 'free of NUL characters' },
  filters: Type.Object(
    { uploaded: Type.Optional(SecondsRange), reference_kind: Type.Optional(nullable(ReferenceName)) },
    closed,
  ),
  filtersDescription: 'a JSON object: {"uploaded": {"from"?: seconds, "to"?: seconds}, "reference_kind"?: kind}',
});

export const StoredFile = Type.Object({
  uid: Type.String(),
  meta: Type.Object({
    name: Type.String(),
    description: Type.String(),
    uploaded: Type.Integer({ description: 'epoch seconds' }),
    content_type: Type.String({ description: "the upload's file part's content type, parameters dropped" }),
    references: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), {
      description: `name is the kind: ${REFERENCE_KINDS.join(', ')}, each also with a Legacy prefix (which counts as the kind)`,
    }),
  }),
  stored_binary: Type.Object({
    md5_hash: Type.String({ description: 'the MD5 of the bytes, hex' }),
    size: Type.Integer({ description: 'bytes' }),
  }),
});

export const FilePage = Page(StoredFile);

export type ReferenceValue = Static<typeof Reference>;
export type UploadMetaValue = Static<typeof UploadMeta>;
export type StoredFileResponse = Static<typeof StoredFile>;

export const FileStatistics = Type.Object({
  files: Type.Integer({ description: 'files stored' }),
  total_size: Type.Integer({ description: 'their sizes added up, in bytes' }),
});
export type FileStatisticsResponse = Static<typeof FileStatistics>;
