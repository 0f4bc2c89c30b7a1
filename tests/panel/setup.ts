import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installBlobReading } from './support/blobReading';
import { installIndexedComputedStyle } from './support/indexedComputedStyle';
import { installIndexedLabels } from './support/indexedLabels';
import { fakeMediaQueryList } from './support/phone';
import { fakeWebAuthnLibrary, resetWebAuthn } from './support/fakeWebAuthn';

// The first render of a lazily loaded screen transforms its modules, which can take more than the default second, and longer when test files run side by side on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

/**
 * jsdom has no WebAuthn, and the panel loads its library on first use and keeps it: every file gets the one fake library (files
 * share modules, so a file's own mock could lose to the real library another file loaded first). By default it is a browser
 * without WebAuthn, as jsdom is; the passkey tests say otherwise in their own beforeEach.
 */
vi.mock('@simplewebauthn/browser', async () => (await import('./support/fakeWebAuthn')).fakeWebAuthnLibrary());
beforeEach(() => {
  const webauthn = fakeWebAuthnLibrary();
  resetWebAuthn(webauthn);
  webauthn.browserSupportsWebAuthn.mockReturnValue(false);
});

installBlobReading();
installIndexedComputedStyle();
installIndexedLabels();
skipOwnerStacks();

/**
 * React's development build captures a stack trace for every element it creates (up to 10,000 a second), to name the owner
 * in its warnings: that was a tenth of the panel tests' time. Its counter of captured stacks then always reads as full; the
 * warnings still come, with the component stack only.
 */
function skipOwnerStacks() {
  const internals = (React as unknown as Record<string, object | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals)
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      get: () => Number.POSITIVE_INFINITY,
      set: () => undefined,
    });
}

// What jsdom lacks and MUI / react-admin use.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
window.scrollTo = () => undefined;
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
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
