// `npx tsx scripts/config-docs.ts`: rewrites the table of environment variables in docs/configuration.md from their
// declaration (server/config/variables/), between the config-table markers; the rest of the page stays as it is.
// tests/server/platform/config-docs.test.ts fails while the page's table differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import type { VariableOptions } from '../server/config/variable-types';
import { Environment } from '../server/config/variables';

export const CONFIGURATION_PAGE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'configuration.md',
);
const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** What a declaration's default can be (server/config/variable-types.ts): a number, a flag, a text, or a list of texts. */
type DefaultValue = number | boolean | string | string[];

function defaultText(declaration: VariableOptions): string {
  if (declaration.shownDefault) return declaration.shownDefault;
  const value = declaration.default as DefaultValue | undefined;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  const shown = `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
  return declaration.defaultNote ? `${shown} (${declaration.defaultNote})` : shown;
}

/** The table in Markdown: one row per variable, in the order of their declaration. */
export function configTable(): string {
  const rows = (Object.entries(Environment.properties) as [string, TSchema & VariableOptions][]).map(
    ([name, declaration]) => `| \`${name}\` | ${cell(defaultText(declaration))} | ${cell(declaration.description)} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The page with the generated table between its markers. */
export function withConfigTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`${CONFIGURATION_PAGE} needs the markers ${START} and ${END}, in that order`);
  return `${page.slice(0, start + START.length)}\n${configTable()}\n${page.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const page = readFileSync(CONFIGURATION_PAGE, 'utf8');
  const generated = withConfigTable(page);
  if (generated === page) console.log(`${path.relative(process.cwd(), CONFIGURATION_PAGE)}: the table is up to date`);
  else {
    writeFileSync(CONFIGURATION_PAGE, generated);
    console.log(`${path.relative(process.cwd(), CONFIGURATION_PAGE)}: table rewritten`);
  }
}
