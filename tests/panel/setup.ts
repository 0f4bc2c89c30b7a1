import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach } from 'vitest';
import { installIndexedComputedStyle } from './support/indexedComputedStyle';
import { installIndexedLabels } from './support/indexedLabels';
import { fakeMediaQueryList } from './support/phone';

// The first render of a lazily loaded screen transforms its modules, which can take more than the default second, and longer when test files run side by side on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

installIndexedComputedStyle();
installIndexedLabels();
skipOwnerStacks();

/**
 * React's development build captures a stack trace for every element it creates (up to 10,000 a second), to name the owner
 * in its warnings: that was a tenth of the panel tests' time. Its counter of captured stacks then always reads as full; the
 * warnings still come, with the component stack only.
 */
function skipOwnerStacks() {
  const internals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals) Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Number.POSITIVE_INFINITY, set: () => undefined });
}

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
