import { useListContext } from 'react-admin';

/** A list's filter values. react-admin types them `any`, and a URL can put anything there: each is checked where it is read. */
export type FilterValues = Readonly<Record<string, unknown>>;

/** A filter value holding fields (a day range {from, to}, a reference {kind}), or {} for anything else. */
export const filterObject = (value: unknown): FilterValues =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FilterValues) : {};

/** A filter value as text: a text as it is, a number or a truth value as String writes it, a list joined by commas, else ''. */
export function filterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(filterText).join(',');
  return '';
}

/**
 * The filters of the list around: their values, and replacing them all or setting one, at once (not debounced) and keeping
 * the filters shown.
 */
export function useListFilters() {
  const list = useListContext();
  const values = filterObject(list.filterValues);
  const displayed: unknown = list.displayedFilters;
  const replace = (next: FilterValues) => list.setFilters(next, displayed, false);
  /** Sets the filter `key`, or drops it when `value` is undefined or ''. */
  const set = (key: string, value: unknown) => {
    const { [key]: _dropped, ...rest } = values;
    replace(value === undefined || value === '' ? rest : { ...rest, [key]: value });
  };
  return { values, replace, set };
}
