import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../config';
import type { HttpClient } from '../dataProviders/httpClient';
import type { Session } from '../session/session';

/** What the panel's own pages need besides react-admin's providers. */
export interface Services {
  config: RuntimeConfig;
  session: Session;
  httpClient: HttpClient;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesContext.Provider>');
  return services;
}
