import { useMemo } from 'react';
import { ownFactors, type OwnFactors } from '../../dataProviders/ownAccount';
import { useServices } from '../ServicesContext';

/** The signed-in user's own second factors, through the panel's HTTP client. */
export function useOwnFactors(): OwnFactors {
  const { httpClient, config } = useServices();
  return useMemo(() => ownFactors(httpClient, config.authUrl), [httpClient, config.authUrl]);
}
