import type { FileReference } from '../../dataProviders/files';

const UNITS = ['kB', 'MB', 'GB'] as const;

/** The unit of sizes under 1024 bytes, by panel language (German nouns are capitalised). */
const BYTES: Record<string, string> = { en: 'bytes', de: 'Bytes' };

/**
 * Size in bytes, kB, MB or GB in steps of 1024 with one decimal (docs/panel.md), in the panel's language:
 * 512 bytes, 1.5 kB, 2.0 GB in English; 512 Bytes, 1,5 kB, 2,0 GB in German.
 */
export function formatSize(bytes: number | null | undefined, locale = 'en'): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const language = locale.split('-')[0];
  if (bytes < 1024) return `${Math.round(bytes)} ${BYTES[language] ?? BYTES.en}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** The content types a person can name, by their word (caredesk.files.content_types.*). */
const CONTENT_TYPE_WORDS = {
  pdf: ['application/pdf'],
  word: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  text_document: ['application/vnd.oasis.opendocument.text', 'application/rtf', 'text/rtf'],
  plain_text: ['text/plain'],
  csv: ['text/csv'],
  spreadsheet: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  presentation: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.presentation',
  ],
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  svg: ['image/svg+xml'],
  tiff: ['image/tiff'],
  heic: ['image/heic', 'image/heif'],
  html: ['text/html'],
  json: ['application/json'],
  xml: ['application/xml', 'text/xml'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  mail: ['message/rfc822'],
  binary: ['application/octet-stream'],
} as const;

type ContentTypeWord = keyof typeof CONTENT_TYPE_WORDS | 'image' | 'audio' | 'video';

const WORD_OF_TYPE = new Map<string, ContentTypeWord>(
  Object.entries(CONTENT_TYPE_WORDS).flatMap(([word, types]) =>
    types.map((type) => [type, word as ContentTypeWord] as const),
  ),
);

/** What the panel calls a content type: a word of the table (any other image, audio or video by its family), else "File (subtype)". */
export type ContentTypeName = { word: ContentTypeWord } | { other: string };

/** The name of a content type (parameters such as `; charset=utf-8` ignored). */
export function contentTypeName(contentType: string | null | undefined): ContentTypeName {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const word = WORD_OF_TYPE.get(type);
  if (word) return { word };
  const [family, subtype = ''] = type.split('/');
  if (family === 'image' || family === 'audio' || family === 'video') return { word: family };
  return { other: subtype || family };
}

/** The reference kinds in display order; a Legacy prefix counts as the kind. */
export const REFERENCE_KINDS = ['ServiceContract', 'Customer', 'ServiceAgency', 'Caregiver'] as const;

const referenceKind = (name: string): string => (name.startsWith('Legacy') ? name.slice('Legacy'.length) : name);

/** References grouped by kind, in display order (known kinds first), each with its count. */
export function groupReferences(
  references: readonly FileReference[] | null | undefined,
): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const reference of references ?? []) {
    const kind = referenceKind(reference.name);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const order = (kind: string) => {
    const index = (REFERENCE_KINDS as readonly string[]).indexOf(kind);
    return index === -1 ? REFERENCE_KINDS.length : index;
  };
  return [...counts.entries()]
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind));
}
