import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';

/**
 * What keeps a care screen's live reloads waiting: an open menu or dialog, a card being dragged, the pointer on the rows. A
 * reload then would close the menu or move the row under the pointer, so it comes once the last hold ends. Kept outside React
 * state: holding (a pointer moving over the rows) re-renders nothing.
 */
export interface LiveHolds {
  hold(key: string, on: boolean): void;
  held(): boolean;
  /** Called whenever the screen becomes held or free. */
  subscribe(listener: () => void): () => void;
}

function createLiveHolds(): LiveHolds {
  const keys = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    hold(key, on) {
      const before = keys.size > 0;
      if (on) keys.add(key);
      else keys.delete(key);
      if (before !== keys.size > 0) listeners.forEach((listener) => listener());
    },
    held: () => keys.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A screen's holds, one set for as long as it is shown. */
export function useLiveHolds(): LiveHolds {
  const [holds] = useState(createLiveHolds);
  return holds;
}

const LiveHoldContext = createContext<LiveHolds | null>(null);

export const LiveHoldProvider = ({ holds, children }: { holds: LiveHolds; children: ReactNode }) => (
  <LiveHoldContext.Provider value={holds}>{children}</LiveHoldContext.Provider>
);

/** Holds the screen's live reloads while `on` (nothing outside a care screen). */
export function useHoldWhile(on: boolean) {
  const holds = useContext(LiveHoldContext);
  const key = useId();
  useEffect(() => {
    if (!holds || !on) return;
    holds.hold(key, true);
    return () => holds.hold(key, false);
  }, [holds, key, on]);
}

/** Holds the screen's live reloads while the pointer is on the element given these handlers (rows, cards). */
export function useHoverHold() {
  const holds = useContext(LiveHoldContext);
  const key = useId();
  useEffect(() => () => holds?.hold(key, false), [holds, key]);
  return { onPointerEnter: () => holds?.hold(key, true), onPointerLeave: () => holds?.hold(key, false) };
}
