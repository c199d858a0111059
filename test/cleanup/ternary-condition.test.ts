import { describe, test } from 'vitest';
import { check, type Case } from './corpus.js';

// A ternary's test is a condition: `x && true` there is `x`, as in an if. Found on
// RedHatInsights/insights-rbac-ui's history (commit 4628f108 removed the flag
// hbi.api.inventory-groups by hand): at its parent, add-role-permission-wizard.js:89
// `permission.includes('inventory') && enableInventoryGroups ? [...] : undefined` became
// `permission.includes('inventory') && true ? …`, where the humans wrote
// `permission.includes('inventory') ? …`; the same file's `else if` was simplified.

const cases: Case[] = [
  {
    name: 'TS: the flag beside a call in the test',
    file: 'a.ts',
    keep: true,
    before: `export const r = (p: string) => (p.includes('i') && unleash.isEnabled('x') ? [p] : undefined);\n`,
    after: `export const r = (p: string) => (p.includes('i') ? [p] : undefined);\n`,
  },
  {
    name: 'JS: a hook variable in the test',
    file: 'a.js',
    keep: true,
    before: `export function W({ p }) {\n  const on = useFlag('x');\n  return p.ok && on ? 1 : 2;\n}\n`,
    after: `export function W({ p }) {\n  return p.ok ? 1 : 2;\n}\n`,
  },
  {
    name: 'TS: or false in the test',
    file: 'a.ts',
    keep: false,
    before: `export const r = (ok: boolean) => (unleash.isEnabled('x') || ok ? 'a' : 'b');\n`,
    after: `export const r = (ok: boolean) => (ok ? 'a' : 'b');\n`,
  },
  {
    name: 'Python: a conditional expression',
    file: 'a.py',
    keep: true,
    before: `def f(ready):\n    return "a" if ready and client.is_enabled("x") else "b"\n`,
    after: `def f(ready):\n    return "a" if ready else "b"\n`,
  },
  {
    name: 'Java: a conditional expression',
    file: 'A.java',
    keep: true,
    before: `class A {\n  int f(boolean ok) {\n    return ok && unleash.isEnabled("x") ? 1 : 2;\n  }\n}\n`,
    after: `class A {\n  int f(boolean ok) {\n    return ok ? 1 : 2;\n  }\n}\n`,
  },
  {
    name: 'a value, not a condition, stays',
    file: 'a.ts',
    keep: true,
    before: `export const v = (ok: unknown) => ok && unleash.isEnabled('x');\n`,
    after: `export const v = (ok: unknown) => ok && true;\n`,
  },
  {
    name: 'a branch of a ternary is a value: it stays',
    file: 'a.ts',
    keep: true,
    before: `export const v = (c: boolean, ok: unknown) => (c ? ok && unleash.isEnabled('x') : null);\n`,
    after: `export const v = (c: boolean, ok: unknown) => (c ? ok && true : null);\n`,
  },
];

describe("a ternary's test is a condition", () => {
  for (const c of cases) test(c.name, () => check(c));
});
