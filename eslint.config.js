// Linting: ESLint's and typescript-eslint's recommended rules, plus the type-aware rules that catch
// the bugs a service pays for (a promise nobody awaits, a promise where a callback is expected).
// Formatting belongs to Prettier (`.prettierrc.json`), so no stylistic rule is on here.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'docs/api/**', '.data/**', '.e2e/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // A leading underscore says "deliberately unused" (a parameter a signature requires, a field left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests (and the demo) read JSON answers whose shape is what they assert; `any` there is the honest type.
    files: ['**/*.test.ts', 'tests/src/**/*.ts', '**/src/testing/**/*.ts', 'apps/server/src/demo*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
  prettier,
);
