// @ts-check
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The three services of spec §7: none may import another's folder (shared code lives in services/platform). */
const SERVICES = ['users', 'business', 'general-data']

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'scripts/bench/bare-app/build/**',
      'scripts/bench/bare-app/.react-router/**',
      '.react-router/**',
      // Written by `npm run typegen:api` (not committed).
      'app/.server/backend/api/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Refusing control characters is the point of those patterns (decision 34).
      'no-control-regex': 'off',
    },
  },
  // Playwright's fixtures take `({}, use)` when they need no other fixture.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.tsx'],
    // Labels that wrap their control with the text a level or two further down.
    rules: { 'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Independent services: a service folder imports only itself, services/platform and domain/.
  ...SERVICES.map((name) => ({
    files: [`services/${name}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVICES.filter((other) => other !== name).map((other) => ({
            target: `./services/${name}`,
            from: `./services/${other}`,
            message: `services/${name} must not import services/${other}: move what both need to services/platform.`,
          })),
        },
      ],
    },
  })),
  // What the services share (services/platform, services/shared) belongs to none of them.
  {
    files: ['services/platform/**/*.ts', 'services/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVICES.flatMap((name) => [
            {
              target: './services/platform',
              from: `./services/${name}`,
              message: `services/platform is shared: it must not import services/${name}.`,
            },
            {
              target: './services/shared',
              from: `./services/${name}`,
              message: `services/shared is shared: it must not import services/${name}.`,
            },
          ]),
        },
      ],
    },
  },
)
