import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Result } from 'axe-core';
import { walkEveryScreen } from './support/walk';

/**
 * axe-core on every screen, dialog, tab, step and menu of the panel (the table in support/screens.ts), in English and
 * German: no serious or critical violation. The experimental check that a control's accessible name contains its visible
 * text is switched on as well.
 */

const BLOCKING = new Set(['serious', 'critical']);

const describe = (violation: Result) =>
  [
    `${violation.impact} ${violation.id}: ${violation.help}`,
    ...violation.nodes.map((node) => `    ${node.target.join(' ')} ${node.html.slice(0, 300)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
  ].join('\n');

walkEveryScreen(['en', 'de'], async ({ page }, label) => {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'identical-links-same-purpose': { enabled: true } } })
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length) console.log(`axe-core on ${label}:\n${blocking.map(describe).join('\n')}`);
  expect.soft(blocking.map((violation) => `${violation.impact} ${violation.id} (${violation.nodes.length})`), `axe-core on ${label}`).toEqual([]);
});
