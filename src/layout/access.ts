import { createContext, useContext } from 'react';
import type { Requirement } from '../common/permissions';

/** What the signed-in user may open, as the layout decided it from their permissions and the drawer's entries. */
export interface Access {
  isPending: boolean;
  error: unknown;
  allows: (requirement: Requirement) => boolean;
}

export const AccessContext = createContext<Access>({ isPending: true, error: null, allows: () => false });

export const useAccess = () => useContext(AccessContext);
