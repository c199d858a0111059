// npm run lint: eslint with typescript-eslint's recommended rules, zero warnings allowed
// (`npm test` runs it first). Formatting is prettier's (.prettierrc.json), not eslint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node's globals, for the plain JavaScript scripts (TypeScript knows them from @types/node). */
const node = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'structuredClone',
    'fetch',
    'TextDecoder',
    'TextEncoder',
    'AbortController',
    'performance',
    'WebAssembly',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);
const commonjs = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
};

export default tseslint.config(
  // test/fixtures holds files that refs scans, not code of ours.
  { ignores: ['dist/', 'node_modules/', 'completions/', '.tmp/', 'coverage/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A record of any option table (CommandSpec<any>, Request<any>) is how the framework keeps
      // commands of different tables in one list; TypeScript has no existential type for it.
      '@typescript-eslint/no-explicit-any': 'off',
      // A leading underscore names what is left out on purpose (a destructured field, an argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // Tests assert on what reaches a terminal: their patterns match escape and control characters.
  { files: ['test/**'], rules: { 'no-control-regex': 'off' } },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: node } },
  // CommonJS files load modules with require().
  {
    files: ['**/*.cjs', 'bin/flagctl'],
    languageOptions: { sourceType: 'commonjs', globals: { ...node, ...commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
