/**
 * urlListState: keeps a react-admin list in the URL query (docs/panel.md, List state in the URL):
 * page, pageSize, sortBy, ordering (asc | des), search, and filters as {filterKey}__{field}.
 *
 * Usage:
 *
 *   const FILES_URL_STATE: SpecListOptions = {           // a module constant (stable identity)
 *     defaultSort: { field: 'uploaded', order: 'DESC' },
 *     defaultPageSize: 10,
 *     sortFields: ['name', 'size', 'uploaded'],
 *     filters: { uploaded: ['from', 'to'], reference: ['kind'] }, // -> uploaded__from, uploaded__to, reference__kind
 *   };
 *   const FileList = () => {
 *     const listProps = useSpecListParams(FILES_URL_STATE);  // disableSyncWithLocation, storeKey false, initial sort/perPage/filters
 *     return (
 *       <List resource="files" {...listProps} filters={[<SearchInput source="q" alwaysOn />]}>
 *         <UrlStateSync options={FILES_URL_STATE} />           // anywhere inside the List
 *         <DataTable>...</DataTable>
 *       </List>
 *     );
 *   };
 *
 * The search box's value (filter `q`) is kept as `search`. User changes push a history entry; the back button (or any
 * location change) applies the URL to the list. parseSpecListQuery / toSpecListQuery are the pure conversions.
 */
export { parseSpecListQuery, type SpecListOptions, toSpecListQuery } from './specListQuery';
export { UrlStateSync } from './UrlStateSync';
export { useSpecListParams } from './useSpecListParams';
