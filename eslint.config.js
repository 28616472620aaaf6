// Lint: typescript-eslint's recommended rules (syntax only, so it runs in seconds) and React's
// hook rules for the dashboard. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'fidelity/corpus-extra/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused bindings are allowed when named _x (callbacks with a fixed signature) or when
      // they are the siblings of a rest element (`const { id, ...rest }` drops `id`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Sanitisers match control characters on purpose (PDF strings, XMP, file names).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['packages/dashboard/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The hook rules; dependency lists name the draft fields a derived value is computed from
    // (the derived objects are new on every render), so exhaustive-deps would ask for the wrong ones.
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    // Scripts that run inside Chromium's page (page.evaluate) to record references.
    files: ['**/record*.mjs', '**/chromium-rects.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Fragments are values once made (issue 23): layout writes to none through a type that drops
    // `readonly` (`Mutable<…>`); packages/layout/test/fragment-moves.test.ts checks the same.
    files: ['packages/layout/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSTypeReference[typeName.name=/^(Mutable|Writable)$/]',
          message: 'Fragments are immutable once made: build a new one (flow/fragments.ts) instead of writing to it.',
        },
      ],
    },
  },
  {
    // The server's HTTP process validates options and never renders: `@platen/core` loads the
    // whole renderer (~45 MB of RSS per process); the render worker is the one that renders.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/render-pool/worker.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@platen/core',
              message: 'Import from @platen/core/options (constants, checks, errors) or another subpath.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers loosely.
    files: ['**/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
