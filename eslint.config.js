import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Layering (ARCHITECTURE.md): a module reaches another module through its service, never its repository. The SQL
 * fragments every repository embeds (patient visibility, a patient's readings) live in `*.sql.ts` files: string
 * builders that run no query, which any repository may import; they import nothing but types. Import cycles and the
 * layers between folders are checked by dependency-cruiser (.dependency-cruiser.mjs, `npm run lint:deps`).
 */
const OTHER_MODULE_REPO = {
  group: ['../*/*.repo.ts', '../../*/*.repo.ts'],
  message: 'A module reaches another module through its service, never its repository.',
};
const SERVER_FROM_WEB = {
  group: ['**/apps/server/**', '**/server/src/**', '@carewatch/server', '@carewatch/server/*'],
  message: 'The web apps and packages never import the server.',
};
const TESTS = ['**/*.test.ts', '**/*.int.test.ts', '**/*.crash.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.e2e-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: export named symbols from their own module.' },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../modules/*', '../modules/**'],
              message:
                'platform imports no domain module: pass what it needs in Deps, or move the code into the module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/modules/seed/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_MODULE_REPO] }] },
  },
  {
    // Shared SQL fragments stay string builders: no database, repository or service behind them.
    files: ['apps/server/src/modules/**/*.sql.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repo.ts', '**/*.service.ts', '**/platform/db.ts'],
              allowTypeImports: true,
              message:
                'A *.sql.ts file builds SQL text only: it imports types, never a repository, service or the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/routes/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            OTHER_MODULE_REPO,
            {
              group: ['../*.repo.ts', './*.repo.ts'],
              message:
                'Routes are thin: validate, call one service function, shape the reply. No repository (SQL) in a route.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'apps/mobile/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_FROM_WEB,
            {
              group: ['**/apps/portal/**', '**/apps/mobile/**'],
              message:
                'An app never imports the other app, and packages never import apps: share it through a package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/clinical/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_FROM_WEB,
            {
              group: ['@carewatch/*', '!@carewatch/contracts', '!@carewatch/contracts/*', '**/apps/**'],
              message: 'clinical is pure: it imports only contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
