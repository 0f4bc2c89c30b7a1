import { readFileSync } from 'node:fs';
import { CONFIGURATION_PAGE, withConfigTable } from '../../../scripts/config-docs';

test('the table of docs/configuration.md is the one the declaration of the environment variables generates', () => {
  const page = readFileSync(CONFIGURATION_PAGE, 'utf8');
  expect(page, 'docs/configuration.md is stale: run npx tsx scripts/config-docs.ts').toBe(withConfigTable(page));
});
