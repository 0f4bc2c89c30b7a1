import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { installIndexedComputedStyle } from '../support/indexedComputedStyle';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';

/** The test setup's indexed getComputedStyle (support/indexedComputedStyle.ts) answers as jsdom's own does. */

const require = createRequire(import.meta.url);
const idlUtils = require('jsdom/lib/jsdom/living/generated/utils.js');
const fake = withFakeMailBackend();

const TRICKY_RULES = `
  .probe-a { color: rgb(1, 0, 0); }
  :is(:not(.probe-q), .probe-a) { outline-color: rgb(2, 0, 0); }
  div.probe-b > span { visibility: hidden; }
  SPAN.probe-c, .probe-d em { display: none; }
  [data-probe="x.probe-a"] { color: rgb(3, 0, 0); }
  .probe\\:e { color: rgb(4, 0, 0); }
  @media screen { .probe-a span { color: rgb(5, 0, 0); } }
  @media print { .probe-a { color: rgb(6, 0, 0); } }
  * + .probe-b { pointer-events: none; }
  #probe-id { color: rgb(7, 0, 0); }
`;
const TRICKY_MARKUP = `
  <div class="probe-a"><span>one</span><em class="probe-q">two</em></div>
  <div class="PROBE-B probe-b"><span class="probe-c">three</span></div>
  <p class="probe-d"><em data-probe="x.probe-a">four</em></p>
  <span class="probe:e" id="probe-id">five</span>
`;

function clearStyleCache() {
  idlUtils.implForWrapper(document)._styleCache = null;
}

/** The computed style of every third element and of every probe, as text, computed after a cleared cache (jsdom's own takes long). */
function computedStyles(): string[] {
  clearStyleCache();
  const elements = [...document.querySelectorAll('*')].filter(
    (element, index) => index % 3 === 0 || element.closest('[class*="probe"]'),
  );
  return elements.map((element) => {
    const style = window.getComputedStyle(element);
    return `${element.tagName}.${element.className}: ${Array.from({ length: style.length }, (_, i) => `${style[i]}=${style.getPropertyValue(style[i])}`).join(';')}`;
  });
}

function jsdomsOwn<T>(read: () => T): T {
  const restoreJsdom = installIndexedComputedStyle();
  restoreJsdom();
  try {
    return read();
  } finally {
    installIndexedComputedStyle();
  }
}

afterEach(() => document.querySelectorAll('style[data-probe]').forEach((style) => style.remove()));

describe('the indexed getComputedStyle', () => {
  it('gives every element of a rendered screen and of tricky selectors the style jsdom computes', async () => {
    await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    const style = document.createElement('style');
    style.dataset.probe = '';
    style.textContent = TRICKY_RULES;
    document.head.append(style);
    document.body.insertAdjacentHTML('beforeend', TRICKY_MARKUP);

    const expected = jsdomsOwn(computedStyles);
    const actual = computedStyles();
    expect(actual.length).toBeGreaterThan(150);
    expect(actual).toEqual(expected);
    expect(expected.filter((line) => line.includes('rgb(') && line.includes('probe')).length).toBeGreaterThan(3);
  });

  it('sees a rule added after it indexed the sheets', () => {
    document.body.innerHTML = '<p class="late">text</p>';
    const paragraph = document.querySelector('p')!;
    expect(window.getComputedStyle(paragraph).display).toBe('block');
    const style = document.createElement('style');
    style.dataset.probe = '';
    style.textContent = '.late { display: none; }';
    document.head.append(style);
    expect(window.getComputedStyle(paragraph).display).toBe('none');
    style.textContent = '.late { display: inline; }';
    expect(window.getComputedStyle(paragraph).display).toBe('inline');
  });
});
