import type { SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../ListPagination';

/**
 * The list state in the URL (docs/panel.md, List state in the URL): page, pageSize, sortBy, ordering (asc | des), search, and filters as {filterKey}__{field}
 * (e.g. uploaded__from=2026-01-01&uploaded__to=2026-01-31&reference__kind=Customer).
 */
export interface SpecListOptions {
  /** Default sort (the file search: uploaded descending). */
  defaultSort: SortPayload;
  /** Default page size (10). */
  defaultPageSize?: number;
  /** The sortable fields; an unknown sortBy in the URL falls back to the default. Omit to accept any. */
  sortFields?: readonly string[];
  /**
   * The filters kept in the URL: filter key -> its fields. A filter with fields is an object value in react-admin's
   * filter ({uploaded: {from, to}}) and appears as uploaded__from / uploaded__to; an empty list means a plain value
   * (appears as the key itself).
   */
  filters?: Record<string, readonly string[]>;
  /** The react-admin filter key of the search box (default 'q'), kept as `search`. */
  searchKey?: string;
}

/** The list parameters the URL describes (react-admin's names). */
interface SpecListState {
  page: number;
  perPage: number;
  sort: SortPayload;
  filter: Record<string, unknown>;
}

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 && number <= max ? number : fallback;
};

/** A filter value the URL can hold as text (a text, a number, a truth value), or '' for any other. */
const urlText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** Only the configured, non-empty filter values (plus the search), in a stable shape. */
function normalizeFilter(
  filter: Record<string, unknown> | undefined,
  options: SpecListOptions,
): Record<string, string | Record<string, string>> {
  const result: Record<string, string | Record<string, string>> = {};
  const searchKey = options.searchKey ?? 'q';
  const search = filter?.[searchKey];
  if (typeof search === 'string' && search !== '') result[searchKey] = search;
  for (const [key, fields] of Object.entries(options.filters ?? {})) {
    const value = filter?.[key];
    if (fields.length === 0) {
      const text = urlText(value);
      if (text) result[key] = text;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const object: Record<string, string> = {};
    for (const field of fields) {
      const text = urlText((value as Record<string, unknown>)[field]);
      if (text) object[field] = text;
    }
    if (Object.keys(object).length) result[key] = object;
  }
  return result;
}

/** URL query (with or without '?') -> list parameters, defaults filled in. */
export function parseSpecListQuery(search: string, options: SpecListOptions): SpecListState {
  const query = new URLSearchParams(search);
  const ordering = query.get('ordering');
  const sortBy = query.get('sortBy');
  const field =
    sortBy && (!options.sortFields || options.sortFields.includes(sortBy)) ? sortBy : options.defaultSort.field;
  const order: SortPayload['order'] =
    ordering === 'asc'
      ? 'ASC'
      : ordering === 'des'
        ? 'DESC'
        : field === options.defaultSort.field
          ? options.defaultSort.order
          : 'ASC';
  const filter: Record<string, unknown> = {};
  const text = query.get('search');
  if (text) filter[options.searchKey ?? 'q'] = text;
  for (const [key, fields] of Object.entries(options.filters ?? {})) {
    if (fields.length === 0) {
      const value = query.get(key);
      if (value) filter[key] = value;
      continue;
    }
    const object: Record<string, string> = {};
    for (const name of fields) {
      const value = query.get(`${key}__${name}`);
      if (value) object[name] = value;
    }
    if (Object.keys(object).length) filter[key] = object;
  }
  return {
    page: positiveInt(query.get('page'), 1),
    perPage: positiveInt(query.get('pageSize'), options.defaultPageSize ?? DEFAULT_PAGE_SIZE, 1000),
    sort: { field, order },
    filter,
  };
}

/** List parameters -> the URL query (without '?'), always with page, pageSize, sortBy and ordering. */
export function toSpecListQuery(state: SpecListState, options: SpecListOptions): string {
  const query = new URLSearchParams();
  query.set('page', String(state.page));
  query.set('pageSize', String(state.perPage));
  query.set('sortBy', state.sort.field || options.defaultSort.field);
  query.set('ordering', (state.sort.field ? state.sort.order : options.defaultSort.order) === 'ASC' ? 'asc' : 'des');
  const filter = normalizeFilter(state.filter, options);
  const search = filter[options.searchKey ?? 'q'];
  if (typeof search === 'string') query.set('search', search);
  for (const [key, fields] of Object.entries(options.filters ?? {})) {
    const value = filter[key];
    if (value === undefined) continue;
    if (typeof value === 'string') query.set(key, value);
    else for (const name of fields) if (value[name]) query.set(`${key}__${name}`, value[name]);
  }
  return query.toString();
}
