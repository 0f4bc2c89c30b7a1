import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';

type Hold = (key: string, on: boolean) => void;

const LiveHoldContext = createContext<Hold | null>(null);

/**
 * What keeps a care screen's live reloads waiting: an open menu or dialog, a card being dragged, the pointer on the rows. A
 * reload then would close the menu or move the row under the pointer, so it comes once the last hold ends.
 */
export function useLiveHolds() {
  const [holds, setHolds] = useState<ReadonlySet<string>>(() => new Set());
  const hold = useCallback<Hold>(
    (key, on) =>
      setHolds((current) => {
        if (current.has(key) === on) return current;
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  return { held: holds.size > 0, hold };
}

export const LiveHoldProvider = ({ hold, children }: { hold: Hold; children: ReactNode }) => <LiveHoldContext.Provider value={hold}>{children}</LiveHoldContext.Provider>;

/** Holds the screen's live reloads while `on` (nothing outside a care screen). */
export function useHoldWhile(on: boolean) {
  const hold = useContext(LiveHoldContext);
  const key = useId();
  useEffect(() => {
    if (!hold || !on) return;
    hold(key, true);
    return () => hold(key, false);
  }, [hold, key, on]);
}

/** Holds the screen's live reloads while the pointer is on the element given these handlers (rows, cards). */
export function useHoverHold() {
  const [hovered, setHovered] = useState(false);
  useHoldWhile(hovered);
  return { onPointerEnter: () => setHovered(true), onPointerLeave: () => setHovered(false) };
}
