import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { CareEvent } from '../../../dataProviders/careRequests/workflow';
import { careEventHub } from './careEventHub';

/** Calls `onEvent` with every live care event while the calling screen is shown (one shared stream per tab). */
export function useCareEvents(onEvent: (event: CareEvent) => void) {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(
    () =>
      careEventHub.subscribe(
        (params) => dataProvider.streamCareEvents(CARE_REQUEST_RESOURCES.incoming, params),
        (event) => latest.current(event),
      ),
    [dataProvider],
  );
}
