import { vi } from 'vitest';

/** A MediaQueryList as jsdom lacks it: answers `matches` and never changes. */
export const fakeMediaQueryList = (query: string, matches: boolean): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** MUI's query below the sm breakpoint (600 px), as useIsPhone asks it. */
const PHONE_QUERY = /max-width:\s*599\.95px/;

/** A phone-sized screen for MUI's media queries (below the sm breakpoint); nothing else matches. Restored by vi.restoreAllMocks. */
export function onAPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, PHONE_QUERY.test(query)),
  );
}
