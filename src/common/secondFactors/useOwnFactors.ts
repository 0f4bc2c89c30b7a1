import { useMemo } from 'react';
import { useServices } from '../ServicesContext';
import { ownFactors, type OwnFactors } from './ownFactors';

/** The signed-in user's own second factors, through the panel's HTTP client. */
export function useOwnFactors(): OwnFactors {
  const { httpClient, config } = useServices();
  return useMemo(() => ownFactors(httpClient, config.authUrl), [httpClient, config.authUrl]);
}
