import { describe, test } from 'vitest';
import { check, type Case } from './corpus.js';

// The blank lines a removal leaves: none at the start of a file or a block, none doubled. Found
// on RedHatInsights/insights-rbac-ui, whose hooks are an import, a blank line and a function
// (src/capabilities/useFedRAMPMode.ts and three more): the patch left the file opening with a
// blank line, and `const globalWs = useFlag(…)` followed by a blank line left a block opening
// with one (useWorkspacesFlag.ts); files that passed `prettier --check` failed it after the patch.

const on = true;
const off = false;

const cases: Case[] = [
  {
    name: 'the only import, at the top of the file',
    file: 'useRebrand.ts',
    keep: on,
    before: `import { useFlag } from '@unleash/proxy-client-react';\n\nexport function useRebrand(): boolean {\n  return useFlag('x');\n}\n`,
    after: `export function useRebrand(): boolean {\n  return true;\n}\n`,
  },
  {
    name: 'the only import after a byte-order mark, CRLF',
    file: 'a.ts',
    keep: off,
    before: `\uFEFFimport { useFlag } from 'x-sdk';\r\n\r\nexport const on = () => useFlag('x');\r\n`,
    after: `\uFEFFexport const on = () => false;\r\n`,
  },
  {
    name: 'the only import between a header comment and the code',
    file: 'a.ts',
    keep: on,
    before: `// Copyright header\n\nimport { useFlag } from 'x-sdk';\n\nexport const on = () => useFlag('x');\n`,
    after: `// Copyright header\n\nexport const on = () => true;\n`,
  },
  {
    name: 'a directive, then the only import',
    file: 'a.tsx',
    keep: on,
    before: `'use client';\n\nimport { useFlag } from 'x-sdk';\n\nexport const on = () => useFlag('x');\n`,
    after: `'use client';\n\nexport const on = () => true;\n`,
  },
  {
    name: 'one import of two goes',
    file: 'a.ts',
    keep: on,
    before: `import { a } from 'a';\nimport { useFlag } from 'x-sdk';\n\nexport const on = () => useFlag('x') && a;\n`,
    after: `import { a } from 'a';\n\nexport const on = () => a;\n`,
  },
  {
    name: 'a declaration opening a block, then a blank line',
    file: 'a.ts',
    keep: off,
    before: `export function f() {\n  const g = useFlag('x');\n\n  // then the rest\n  return { m: g, n: 1 };\n}\n`,
    after: `export function f() {\n  // then the rest\n  return { m: false, n: 1 };\n}\n`,
  },
  {
    name: 'an if between two blank lines',
    file: 'a.ts',
    keep: off,
    before: `export function f() {\n  a();\n\n  if (unleash.isEnabled('x')) {\n    b();\n  }\n\n  c();\n}\n`,
    after: `export function f() {\n  a();\n\n  c();\n}\n`,
  },
  {
    name: 'an if closing a block after a blank line',
    file: 'a.ts',
    keep: off,
    before: `export function f() {\n  a();\n\n  if (unleash.isEnabled('x')) {\n    b();\n  }\n}\n`,
    after: `export function f() {\n  a();\n}\n`,
  },
  {
    name: 'Python: a statement opening a function, then a blank line',
    file: 'a.py',
    keep: on,
    before: `def f():\n    on = client.is_enabled("x")\n\n    return g(on)\n`,
    after: `def f():\n    return g(True)\n`,
  },
];

describe('no blank line left at the start of a file or block, or doubled', () => {
  for (const c of cases) test(c.name, () => check(c));
});

describe('a JSX child that renders nothing any more takes its line', () => {
  const jsx: Case[] = [
    {
      name: 'on a line of its own',
      file: 'App.tsx',
      keep: off,
      before: `export const App = () => (\n  <main>\n    {useFlag('x') && <Banner />}\n    <Footer />\n  </main>\n);\n`,
      after: `export const App = () => (\n  <main>\n    <Footer />\n  </main>\n);\n`,
    },
    {
      name: 'on a line of its own, CRLF',
      file: 'App.jsx',
      keep: on,
      before: `export const App = () => (\r\n  <>\r\n    {!useFlag('x') && <Old />}\r\n    <Footer />\r\n  </>\r\n);\r\n`,
      after: `export const App = () => (\r\n  <>\r\n    <Footer />\r\n  </>\r\n);\r\n`,
    },
    {
      name: 'beside other children on its line: only the braces go',
      file: 'App.tsx',
      keep: off,
      before: `export const App = () => (\n  <main>\n    <A />{useFlag('x') && <Banner />}\n  </main>\n);\n`,
      after: `export const App = () => (\n  <main>\n    <A />\n  </main>\n);\n`,
    },
  ];
  for (const c of jsx) test(c.name, () => check(c));
});
