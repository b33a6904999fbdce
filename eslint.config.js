import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries (STYLE: features do not reach into each other; common is pure). */
const noServerOrWeb = {
  patterns: [
    { group: ['**/server/**', '**/web/**'], message: 'src/common is shared by server and browser: it imports neither.' },
    {
      group: ['node:*', 'fastify', 'fastify/*', 'react', 'react-dom', 'react/*', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
      message: 'src/common has no I/O, no React and no Node APIs.',
    },
  ],
};
const noServer = {
  patterns: [
    {
      group: ['**/server/**', 'fastify', 'fastify/*', '@fastify/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'node:*'],
      message: 'The browser app never imports server code.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '.cache/**',
      'dist/**',
      'node_modules/**',
      'data/**',
      'migrations/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.server.json', './tsconfig.web.json', './tsconfig.web-test.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // An import of types only is written 'import type': 'import { type A }' keeps the module as a side-effect import in the bundle (it put zod on the video page).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      // react-hook-form's handleSubmit returns a promise by design; event handlers may be async.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  { files: ['src/common/**/*.ts'], ignores: ['src/common/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', noServerOrWeb] } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'no-restricted-imports': ['error', noServer], ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { project: false, projectService: false, program: null },
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
