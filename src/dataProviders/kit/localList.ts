import type {
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
} from 'react-admin';
import type { HttpClient } from '../httpClient';

/** A value's text as String gives it, except an object's, which is its JSON rather than '[object Object]'. */
const valueText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** Searchable text of one field: arrays are joined, null and undefined are empty. */
const fieldText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(fieldText).join(' ');
  return valueText(value);
};

function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || (Array.isArray(a) && a.length === 0);
  const bEmpty = b === null || b === undefined || (Array.isArray(b) && b.length === 0);
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return fieldText(a).localeCompare(fieldText(b), undefined, { sensitivity: 'base', numeric: true });
}

/**
 * Filtering, sorting and paging of a list the service returns in full.
 * Filter `q`: every whitespace-separated word must occur (case-insensitively) in one of `searchFields`.
 * Other filter keys must equal the record's field (or be contained in it when the field is a list).
 */
export function applyListParams<T extends RaRecord>(
  records: readonly T[],
  params: Partial<Pick<GetListParams, 'filter' | 'sort' | 'pagination'>>,
  searchFields: readonly string[],
): GetListResult<T> {
  const { q, ...filters } = (params.filter ?? {}) as Record<string, unknown>;
  const words = typeof q === 'string' ? q.toLocaleLowerCase().split(/\s+/).filter(Boolean) : [];

  let result = records.filter((record) => {
    const fields = record as Record<string, unknown>;
    const haystack = searchFields.map((field) => fieldText(fields[field]).toLocaleLowerCase());
    if (!words.every((word) => haystack.some((text) => text.includes(word)))) return false;
    return Object.entries(filters).every(([key, expected]) => {
      if (expected === undefined || expected === '') return true;
      const actual = fields[key];
      return Array.isArray(actual)
        ? actual.map(valueText).includes(valueText(expected))
        : valueText(actual) === valueText(expected);
    });
  });

  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    result = [...result].sort(
      (a, b) =>
        direction *
        compareValues((a as Record<string, unknown>)[sort.field], (b as Record<string, unknown>)[sort.field]),
    );
  }

  const total = result.length;
  const pagination = params.pagination;
  if (pagination && pagination.perPage > 0) {
    const start = (Math.max(1, pagination.page) - 1) * pagination.perPage;
    result = result.slice(start, start + pagination.perPage);
  }
  return { data: result, total };
}

interface LocalListConfig<TItem, TRecord extends RaRecord> {
  /** The endpoint that returns every item at once (a JSON array). */
  url: string;
  toRecord: (item: TItem) => TRecord;
  /** The fields the free-text filter `q` searches. */
  searchFields: readonly string[];
  /** Where one item is read; without it getOne finds the record in the full list. */
  itemUrl?: (id: Identifier) => string;
  /** Concurrent loads share one request (for a list that several screens load at once). */
  shareLoads?: boolean;
}

/**
 * The read methods of a resource whose service returns the whole list: getList filters, sorts and pages it locally
 * (applyListParams), getMany and getManyReference pick from it, getOne reads the item's own URL or picks from it too.
 */
export function localListResource<TItem, TRecord extends RaRecord>(
  httpClient: HttpClient,
  config: LocalListConfig<TItem, TRecord>,
) {
  const { url, toRecord, searchFields, itemUrl, shareLoads = false } = config;
  let loading: Promise<TRecord[]> | null = null;

  const load = (): Promise<TRecord[]> =>
    httpClient(url).then(({ json }) => (Array.isArray(json) ? (json as TItem[]).map(toRecord) : []));

  const fetchAll = (): Promise<TRecord[]> => {
    if (!shareLoads) return load();
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  };

  return {
    getList: async (_resource: string, params: GetListParams) =>
      applyListParams(await fetchAll(), params, searchFields),
    getOne: async (resource: string, params: GetOneParams<TRecord>) => {
      if (itemUrl) return { data: toRecord((await httpClient(itemUrl(params.id))).json as TItem) };
      const found = (await fetchAll()).find((record) => String(record.id) === String(params.id));
      if (!found) throw new Error(`${resource} ${params.id} not found`);
      return { data: found };
    },
    getMany: async (_resource: string, params: GetManyParams<TRecord>) => {
      const wanted = new Set(params.ids.map(String));
      return { data: (await fetchAll()).filter((record) => wanted.has(String(record.id))) };
    },
    getManyReference: async (_resource: string, params: GetManyReferenceParams) => {
      const matching = (await fetchAll()).filter(
        (record) => String((record as Record<string, unknown>)[params.target]) === String(params.id),
      );
      return applyListParams(matching, params, searchFields);
    },
  };
}
