// ESLint: typescript-eslint's type-checked recommended rules on every TypeScript file, React's hook rules and jsx-a11y's
// recommended rules on the panel. `npm test` runs it (cached) beside the Vitest phase; `npm run lint` runs it alone.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'test-results/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // a deliberately unused parameter or binding is named with a leading underscore
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/panel/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: globals.browser },
    rules: {
      // the rules of hooks and their dependencies; the plugin's other recommended rules are the React Compiler's, which the panel
      // does not use
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // a dialog's first field takes the focus when the dialog opens (MUI's TextField passes autoFocus on); the DOM's own elements
      // stay checked
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // React ignores what an event handler returns; the panel's async handlers catch their own failures
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // tests read the services' JSON answers untyped and check them with expect(), which is the check that matters; typing
      // each answer would restate contracts/ in every test
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(fake.method).toHaveBeenCalled() passes a method without calling it, as Vitest means it to
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
