// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (ARCHITECTURE.md): apps → db → domain, one way; no app imports another. */
const deepImports = { group: ['@seyir/*/src/*', '@seyir/*/src'], message: 'Import a package through its exports map, not its files.' };
const boundary = (paths, patterns = []) => ({
  'no-restricted-imports': ['error', { paths: paths.map((name) => ({ name, message: 'Not allowed across this boundary (see ARCHITECTURE.md).' })), patterns: [deepImports, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'clients/**', '**/.venv/**', 'test-artifacts/**', '.seyir-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/**/*.test.ts'],
    rules: boundary(
      ['@seyir/db', '@seyir/gateway', '@seyir/ingest-worker', '@seyir/web', '@seyir/testkit', 'pg', 'ioredis', 'bullmq', 'express', 'drizzle-orm'],
      [{ group: ['node:*'], message: 'packages/domain is pure: no I/O, no Node built-ins.' }],
    ),
  },
  { files: ['packages/db/**/*.ts'], rules: boundary(['@seyir/gateway', '@seyir/ingest-worker', '@seyir/web']) },
  { files: ['packages/archive/**/*.ts'], ignores: ['packages/archive/**/*.test.ts'], rules: boundary(['@seyir/gateway', '@seyir/ingest-worker', '@seyir/web', '@seyir/testkit']) },
  { files: ['packages/mailer/**/*.ts'], ignores: ['packages/mailer/**/*.test.ts'], rules: boundary(['@seyir/db', '@seyir/gateway', '@seyir/ingest-worker', '@seyir/web', '@seyir/testkit']) },
  { files: ['packages/alerts/**/*.ts'], rules: boundary(['@seyir/gateway', '@seyir/ingest-worker', '@seyir/web']) },
  { files: ['apps/gateway/**/*.ts'], rules: boundary(['@seyir/ingest-worker', '@seyir/web']) },
  { files: ['apps/ingest-worker/**/*.ts'], rules: boundary(['@seyir/gateway', '@seyir/web']) },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: boundary(['@seyir/db', '@seyir/gateway', '@seyir/ingest-worker', '@seyir/testkit', 'pg', 'ioredis', 'bullmq', 'express']),
  },
  { files: ['scripts/**/*.mjs', '*.js'], languageOptions: { globals: { ...globals.node } } },
  // Tests read JSON answers loosely; assertions check their shape.
  { files: ['**/*.test.ts', '**/*.test.tsx', '**/src/test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
