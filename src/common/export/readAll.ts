import type { DataProvider, RaRecord, SortPayload } from 'react-admin';

/** The largest page the services answer (server/shared/paging.ts); an export reads the rows in pages of this size. */
export const EXPORT_PAGE_SIZE = 100;
/** The most rows one export holds. */
export const EXPORT_LIMIT = 10_000;

export interface ReadAllParams {
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  meta?: unknown;
  pageSize?: number;
  limit?: number;
}

/**
 * Every row the list's filter and sort select, read page by page through the data provider (the services page at
 * most 100 rows), up to `limit`; `truncated` when more rows were there. At most limit / pageSize + 1 reads.
 */
export async function readAllRows<T extends RaRecord>(
  dataProvider: DataProvider,
  { resource, filter, sort, meta, pageSize = EXPORT_PAGE_SIZE, limit = EXPORT_LIMIT }: ReadAllParams,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  const maxPages = Math.ceil(limit / pageSize);
  for (let page = 1; page <= maxPages; page += 1) {
    const result = await dataProvider.getList<T>(resource, {
      filter,
      sort,
      meta,
      pagination: { page, perPage: pageSize },
    });
    rows.push(...result.data);
    const more = result.pageInfo ? !!result.pageInfo.hasNextPage : rows.length < (result.total ?? 0);
    if (!more || result.data.length < pageSize) return { rows: rows.slice(0, limit), truncated: rows.length > limit };
  }
  return { rows: rows.slice(0, limit), truncated: true };
}
