import type { DataProvider, GetListParams, GetOneParams, RaRecord } from 'react-admin';
import type { Archived, Incoming } from '../resources/careRequests/types';
import { daySeconds } from './files';
import type { HttpClient } from './httpClient';
import { pagedListResource } from './pagedList';

/** react-admin resource names of the care service (CONTRACT-care.md). */
export const CARE_INCOMING_RESOURCE = 'care-incoming';
export const CARE_ARCHIVED_RESOURCE = 'care-archived';
export const isCareResource = (resource: string) => resource === CARE_INCOMING_RESOURCE || resource === CARE_ARCHIVED_RESOURCE;

/** The submitted {from, to} filter: local days "YYYY-MM-DD" -> epoch seconds (start of `from`, end of `to`). */
export function submittedRange(value: unknown): { from?: number; to?: number } | undefined {
  const range = (value ?? {}) as { from?: unknown; to?: unknown };
  const from = daySeconds(range.from);
  const to = daySeconds(range.to, true);
  if (from === undefined && to === undefined) return undefined;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

const listConfig = {
  filters: { submitted: submittedRange },
  defaultSort: { field: 'submitted', order: 'DESC' as const },
};

/**
 * The care service: GET {careUrl}/incoming/care-requests/ and /archived/care-requests/ in the paged dialect, and
 * GET /archived/care-requests/{uid}/. Read only; records carry id = uid (an archived request has its incoming uid).
 */
export function createCareDataProvider(careUrl: string, httpClient: HttpClient): DataProvider {
  const incoming = pagedListResource<Omit<Incoming, 'id'>, Incoming>({
    url: `${careUrl}/incoming/care-requests/`,
    ...listConfig,
    getId: (item) => item.uid,
  });
  const archived = pagedListResource<Omit<Archived, 'id'>, Archived>({
    url: `${careUrl}/archived/care-requests/`,
    ...listConfig,
    getId: (item) => item.uid,
  });
  const unsupported = (method: string) => () => Promise.reject(new Error(`The care service does not support ${method}`));
  return {
    getList: (resource: string, params: GetListParams) =>
      (resource === CARE_ARCHIVED_RESOURCE ? archived : incoming).getList(httpClient, params) as never,
    getOne: async (resource: string, params: GetOneParams) => {
      if (resource !== CARE_ARCHIVED_RESOURCE) throw new Error(`getOne is not supported for ${resource}`);
      const { json } = await httpClient(`${careUrl}/archived/care-requests/${encodeURIComponent(String(params.id))}/`, { signal: params.signal });
      return { data: { ...(json as Archived), id: (json as Archived).uid } as RaRecord as never };
    },
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  } as DataProvider;
}
