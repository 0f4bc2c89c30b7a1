import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installIndexedComputedStyle } from './support/indexedComputedStyle';
import { installIndexedLabels } from './support/indexedLabels';
import { fakeMediaQueryList } from './support/phone';

// The first render of a lazily loaded screen transforms its modules, which can take more than the default second, and longer when test files run side by side on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

installIndexedComputedStyle();
installIndexedLabels();

// What jsdom lacks and MUI / react-admin use.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
window.scrollTo = (() => undefined) as typeof window.scrollTo;
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!('IntersectionObserver' in window)) {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
