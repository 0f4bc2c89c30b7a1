import { type CsvColumn, isoSeconds } from '../../common/export/csv';
import type { FileRecord } from '../../dataProviders/files';

const t = (key: string) => `caredesk.files.search.${key}`;

/** The file search's export: the columns of the list with exact values (size in bytes, the content type as stored, upload time in UTC), plus uid and MD5. */
export const FILE_CSV_COLUMNS: CsvColumn<FileRecord>[] = [
  { header: t('export.id'), cell: (file) => file.id },
  { header: t('name'), cell: (file) => file.name },
  { header: t('description'), cell: (file) => file.description },
  { header: t('content_type'), cell: (file) => file.content_type },
  { header: t('export.size_bytes'), cell: (file) => file.size },
  { header: t('uploaded'), cell: (file) => isoSeconds(file.uploaded) },
  { header: t('references'), cell: (file) => file.references.map(({ name, value }) => `${name}: ${value}`).join('; ') },
  { header: t('export.md5'), cell: (file) => file.md5_hash },
];
