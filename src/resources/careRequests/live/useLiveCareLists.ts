import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { ownChangesOf } from '../workflow/ownChanges';
import type { LiveHolds } from './liveHolds';
import { useCareEvents } from './useCareEvents';

const isIncomingQuery = (key: readonly unknown[]) => key[0] === CARE_REQUEST_RESOURCES.incoming;

/** Whether a cached page of the incoming lists shows this request at `version` or later. */
function showsVersion(data: unknown, uid: string, version: number) {
  const rows = (data as { data?: Incoming[] } | undefined)?.data ?? [];
  return rows.some((row) => row.uid === uid && row.version >= version);
}

/**
 * Keeps the shown care lists (incoming list, board columns) live: a request changed elsewhere reloads them (in place: the rows
 * stay while the new pages load; a change may move a request into or out of a filter or column), a resync too, and new
 * requests are counted until `showNew`. This tab's own changes reload nothing (they show already). While the screen's `holds`
 * hold it (a menu or dialog open, the pointer on the rows) a reload waits until the last hold ends.
 */
export function useLiveCareLists(holds?: LiveHolds) {
  const queryClient = useQueryClient();
  const [newCount, setNewCount] = useState(0);
  const waiting = useRef(false);
  const reload = useCallback(
    () => queryClient.invalidateQueries({ predicate: (query) => isIncomingQuery(query.queryKey) }),
    [queryClient],
  );
  const reloadWhenFree = () => {
    if (holds?.held()) waiting.current = true;
    else void reload();
  };
  useEffect(
    () =>
      holds?.subscribe(() => {
        if (holds.held() || !waiting.current) return;
        waiting.current = false;
        void reload();
      }),
    [holds, reload],
  );
  useCareEvents((event) => {
    if (event.name === 'care-request.received') setNewCount((count) => count + 1);
    if (event.name === 'care-requests.resync') reloadWhenFree();
    if (event.name !== 'care-request.changed' || !event.uid || !event.version) return;
    if (ownChangesOf(queryClient).isOwn(event)) return;
    const { uid, version } = event;
    const seen = queryClient.getQueryCache().findAll({
      predicate: (query) => isIncomingQuery(query.queryKey) && showsVersion(query.state.data, uid, version),
    });
    if (seen.length === 0) reloadWhenFree();
  });
  const showNew = () => {
    setNewCount(0);
    return reload();
  };
  return { newCount, showNew };
}
