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
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value);
  return `${number} ${UNITS[unit]}`;
}

type ContentTypeKind = 'csv' | 'document' | 'spreadsheet' | 'image';

const SPREADSHEETS = new Set([
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** The display kind of a content type (CSV, Document for pdf, Spreadsheet, Image), or null to show it raw. */
export function contentTypeKind(contentType: string | null | undefined): ContentTypeKind | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'text/csv') return 'csv';
  if (type === 'application/pdf') return 'document';
  if (SPREADSHEETS.has(type)) return 'spreadsheet';
  if (type.startsWith('image/')) return 'image';
  return null;
}

/** The reference kinds in display order; a Legacy prefix counts as the kind. */
export const REFERENCE_KINDS = ['ServiceContract', 'Customer', 'ServiceAgency', 'Caregiver'] as const;

const referenceKind = (name: string): string => (name.startsWith('Legacy') ? name.slice('Legacy'.length) : name);

/** References grouped by kind, in display order (known kinds first), each with its count. */
export function groupReferences(references: readonly FileReference[] | null | undefined): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const reference of references ?? []) {
    const kind = referenceKind(reference.name);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const order = (kind: string) => {
    const index = (REFERENCE_KINDS as readonly string[]).indexOf(kind);
    return index === -1 ? REFERENCE_KINDS.length : index;
  };
  return [...counts.entries()].map(([kind, count]) => ({ kind, count })).sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind));
}
