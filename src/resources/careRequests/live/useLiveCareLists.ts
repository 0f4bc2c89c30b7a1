import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useCareEvents } from './useCareEvents';

const isIncomingQuery = (key: readonly unknown[]) => key[0] === CARE_REQUEST_RESOURCES.incoming;

/** Whether a cached page of the incoming lists shows this request at `version` or later (a change made in this tab). */
function showsVersion(data: unknown, uid: string, version: number) {
  const rows = (data as { data?: Incoming[] } | undefined)?.data ?? [];
  return rows.some((row) => row.uid === uid && row.version >= version);
}

/**
 * Keeps the shown care lists (incoming list, board columns) live: a request changed elsewhere reloads them (in place: the rows
 * stay while the new pages load; a change may move a request into or out of a filter or column), a resync too, and new
 * requests are counted until `showNew`.
 */
export function useLiveCareLists() {
  const queryClient = useQueryClient();
  const [newCount, setNewCount] = useState(0);
  useCareEvents((event) => {
    if (event.name === 'care-request.received') setNewCount((count) => count + 1);
    const reload = () => void queryClient.invalidateQueries({ predicate: (query) => isIncomingQuery(query.queryKey) });
    if (event.name === 'care-requests.resync') reload();
    if (event.name !== 'care-request.changed' || !event.uid || !event.version) return;
    const { uid, version } = event;
    const seen = queryClient.getQueryCache().findAll({ predicate: (query) => isIncomingQuery(query.queryKey) && showsVersion(query.state.data, uid, version) });
    if (seen.length === 0) reload();
  });
  const showNew = () => {
    setNewCount(0);
    return queryClient.invalidateQueries({ predicate: (query) => isIncomingQuery(query.queryKey) });
  };
  return { newCount, showNew };
}
