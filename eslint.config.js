// ESLint flat config: type-aware TypeScript rules, no import cycles, no I/O in the pure core, and
// ESLint's recommended rules over the JavaScript that is source (scripts, launchers, this file).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

/** What packages/gotemplate must never import: the Kalypso domain, by package name or by path. */
const gotemplateDomainPatterns = [
  {
    group: [
      '@kalypso/*',
      '**/core/**',
      '**/packages/*/**',
      '**/github/**',
      '**/azure/**',
      '**/cli/**',
    ],
    message:
      'packages/gotemplate is the Go layer and knows nothing of Kalypso: import nothing from the domain.',
  },
];

export default tseslint.config(
  {
    // Built bundles (dist/, and the copy `npm pack` of packages/cli makes), dependencies, and data.
    ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', 'test/golden/**', 'examples/**'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/extensions': ['.ts', '.js'],
    },
    rules: {
      'import/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'os', 'http', 'https'],
              message: 'packages/core is pure: do I/O in an adapter.',
            },
            {
              group: ['@actions/*', '@azure/*', '@octokit/*'],
              message: 'packages/core must not depend on platform SDKs.',
            },
            {
              group: ['**/gotemplate/**', '@kalypso/gotemplate/*', '!@kalypso/gotemplate/go'],
              message:
                "import the Go layer as '@kalypso/gotemplate' (its src/index.ts), or '@kalypso/gotemplate/go' without the template engine (src/go/index.ts), not by path.",
            },
          ],
        },
      ],
    },
  },
  // packages/gotemplate is the Go layer (text/template, sprig, fmt, go-yaml): it knows nothing of
  // Kalypso, so it imports no domain code, and (tests excepted) does no I/O and uses no SDK.
  {
    files: ['packages/gotemplate/src/**/*.ts'],
    ignores: ['packages/gotemplate/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...gotemplateDomainPatterns,
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'os', 'http', 'https'],
              message: 'packages/gotemplate is pure: do I/O in an adapter.',
            },
            {
              group: ['@actions/*', '@azure/*', '@octokit/*'],
              message: 'packages/gotemplate must not depend on platform SDKs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/gotemplate/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: gotemplateDomainPatterns }],
    },
  },
  // What builds a preview, a summary or a pull request body handles arrays as long as the change
  // (a fleet-wide diff has hundreds of thousands of lines): an argument spread into a call
  // (`push(...lines)`, `Math.max(...sizes)`) overflows the stack at that size. Append with
  // `appendAll` (packages/core/src/model/append.ts) or loop.
  {
    files: [
      'packages/core/src/preview/**/*.ts',
      'packages/core/src/markdown/**/*.ts',
      'packages/core/src/render/**/*.ts',
      'packages/core/src/publish/**/*.ts',
      'packages/core/src/lint/**/*.ts',
      'packages/core/src/gitops/**/*.ts',
      'actions/preview/src/**/*.ts',
      'actions/schedule/src/**/*.ts',
      'packages/cli/src/preview-output.ts',
      'packages/github/src/preview-artifact.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(CallExpression, NewExpression) > SpreadElement',
          message:
            'No spread arguments here: an array as long as a fleet-wide change overflows the call stack. Use appendAll (packages/core/src/model/append.ts) or a loop.',
        },
      ],
    },
  },
  // The JavaScript that is source: scripts/*.mjs (build, pack, release, test and bench runners,
  // the Node 24 launcher), the CLI's bin/kalypso.js and this file. Node runs them as ES modules
  // without types, so ESLint's recommended rules check them (undefined names included, against
  // Node's ES-module globals) instead of the type-aware ones.
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended, tseslint.configs.disableTypeChecked],
    languageOptions: {
      sourceType: 'module',
      globals: globals.nodeBuiltin,
    },
  },
  // The launchers must still parse on an old Node to say which Node to install: ES2022 syntax.
  {
    files: ['scripts/node.mjs', 'packages/cli/bin/kalypso.js'],
    languageOptions: { ecmaVersion: 2022 },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
