import { describe, expect, it } from 'vitest';
import { installIndexedLabels } from '../support/indexedLabels';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';

/** The test setup's label getters (support/indexedLabels.ts) answer as jsdom's own do. */

const fake = withFakeMailBackend();

const TRICKY_MARKUP = `
  <label for="probe-1">for an input</label><input id="probe-1">
  <label>wrapping <span><input id="probe-2"><button>second</button></span></label>
  <label for="probe-3">for a hidden input</label><input type="hidden" id="probe-3">
  <label for="">empty for</label><label for="probe-4">for a div</label><div id="probe-4"></div>
  <label for="probe-5">first of two</label><textarea id="probe-5"></textarea><select id="probe-5"></select>
  <label for="probe-6">a "quoted\\ id"</label><output id='probe-6'></output>
  <label for="probe-7">for a progress bar</label><progress id="probe-7"></progress><meter></meter>
`;

/** Each labelable element and label as text: its labels or its control, named by their text and tag. */
function labelling(): string[] {
  const name = (element: Element | null) =>
    element ? `${element.tagName}#${element.id}:${element.textContent?.trim().slice(0, 40)}` : 'none';
  const lines: string[] = [];
  for (const element of document.querySelectorAll('button, input, meter, output, progress, select, textarea')) {
    const labels = (element as HTMLInputElement).labels;
    lines.push(`${name(element)} ← ${labels === null ? 'null' : [...labels].map(name).join(' | ')}`);
  }
  for (const label of document.querySelectorAll('label')) lines.push(`${name(label)} → ${name(label.control)}`);
  return lines;
}

function jsdomsOwn<T>(read: () => T): T {
  const restoreJsdom = installIndexedLabels();
  restoreJsdom();
  try {
    return read();
  } finally {
    installIndexedLabels();
  }
}

describe('the indexed label getters', () => {
  it('give every control of a rendered form and of tricky markup the labels jsdom finds', async () => {
    await openMailScreen(fake.backend, '/mailman/accounts/add/', 'Add');
    document.body.insertAdjacentHTML('beforeend', TRICKY_MARKUP);

    const expected = jsdomsOwn(labelling);
    const actual = labelling();
    expect(actual.length).toBeGreaterThan(25);
    expect(actual).toEqual(expected);
    expect(expected.filter((line) => line.includes('← LABEL')).length).toBeGreaterThanOrEqual(7);
  });

  it('find the labels of a control outside the document, in its own tree', () => {
    const form = document.createElement('div');
    form.innerHTML = '<label for="alone">alone</label><input id="alone"><label>inside <select></select></label>';
    const [input, select] = [form.querySelector('input')!, form.querySelector('select')!];
    expect([...input.labels!].map((label) => label.textContent)).toEqual(['alone']);
    expect([...select.labels].map((label) => label.textContent)).toEqual(['inside ']);
    expect(jsdomsOwn(() => [...input.labels!].map((label) => label.textContent))).toEqual(['alone']);
  });
});
