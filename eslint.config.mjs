// ESLint: typescript-eslint's type-checked recommended rules on every TypeScript file, React's hook rules and jsx-a11y's
// recommended rules on the panel. `npm test` runs it (cached) beside the type check; `npx eslint .` runs it alone.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'data/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'tests/panel/**/*.tsx', 'tests/panel/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
