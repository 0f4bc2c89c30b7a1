import { type CsvColumn, isoSeconds } from '../../common/export/csv';
import type { ApiTokenRecord } from '../../dataProviders/apiTokens';

const t = (key: string) => `caredesk.files.tokens.${key}`;

/** An API token list's export: what the list shows, users by uid; the token's value is never read, so never exported. */
export const TOKEN_CSV_COLUMNS: CsvColumn<ApiTokenRecord>[] = [
  { header: t('export.id'), cell: (token) => token.uid },
  { header: t('service'), cell: (token) => token.service },
  { header: t('created'), cell: (token) => isoSeconds(token.created) },
  { header: t('export.created_by'), cell: (token) => token.created_by ?? '' },
  { header: t('expires'), cell: (token) => isoSeconds(token.expires) },
  { header: t('revoked'), cell: (token) => isoSeconds(token.revoked) },
  { header: t('export.revoked_by'), cell: (token) => token.revoked_by ?? '' },
];
