import { createContext, useContext } from 'react';
import type { MenuEntry } from '../registry/types';

/** The drawer's entries, in display order, as the layout was given them. */
export const MenuEntriesContext = createContext<MenuEntry[]>([]);

export const useMenuEntries = () => useContext(MenuEntriesContext);
