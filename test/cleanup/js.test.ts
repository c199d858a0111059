import { describe, test } from 'vitest';
import { check, kept, type Case } from './corpus.js';

// The corpus for TypeScript, TSX and JavaScript: each case is a file before and after cleanup
// with flag `x` kept on (true) or off (false); every result must parse again.

const on = true;
const off = false;
type Row = [name: string, keep: boolean, before: string, after: string, leftovers?: string[]];

/** Statement-level cases, each inside a function body of a .ts file. */
const inFunction: Row[] = [
  ['if, kept', on, `if (unleash.isEnabled('x')) {\n    a();\n  }\n  b();`, `a();\n  b();`],
  ['if, dropped', off, `if (unleash.isEnabled('x')) {\n    a();\n  }\n  b();`, `b();`],
  ['if/else on', on, `if (unleash.isEnabled('x')) {\n    a();\n  } else {\n    c();\n  }`, `a();`],
  ['if/else off', off, `if (unleash.isEnabled('x')) {\n    a();\n  } else {\n    c();\n  }`, `c();`],
  ['negated if on', on, `if (!unleash.isEnabled('x')) {\n    a();\n  }\n  b();`, `b();`],
  ['negated if off', off, `if (!unleash.isEnabled('x')) {\n    a();\n  }\n  b();`, `a();\n  b();`],
  ['double negation', on, `if (!!unleash.isEnabled('x')) a();`, `a();`],
  ['parenthesised negation', off, `if (!(unleash.isEnabled('x'))) a();`, `a();`],
  ['and, on', on, `if (unleash.isEnabled('x') && ready) a();`, `if (ready) a();`],
  ['and, off', off, `if (unleash.isEnabled('x') && ready) a();\n  b();`, `b();`],
  ['and right, on', on, `if (ready && unleash.isEnabled('x')) a();`, `if (ready) a();`],
  ['and right, off, pure left', off, `if (ready && unleash.isEnabled('x')) a();\n  b();`, `b();`],
  ['and right, off, call left stays', off, `if (check() && unleash.isEnabled('x')) a();`, `if (check() && false) a();`],
  ['or, on', on, `if (unleash.isEnabled('x') || ready) a();`, `a();`],
  ['or, off', off, `if (unleash.isEnabled('x') || ready) a();`, `if (ready) a();`],
  ['or right, off', off, `if (ready || unleash.isEnabled('x')) a();`, `if (ready) a();`],
  ['or right, on, pure left', on, `if (ready || unleash.isEnabled('x')) a();`, `a();`],
  ['and/or mix', on, `if ((unleash.isEnabled('x') && a) || b) go();`, `if (a || b) go();`],
  ['and/or mix off', off, `if ((unleash.isEnabled('x') && a) || b) go();`, `if (b) go();`],
  ['or inside and', off, `if (a && (unleash.isEnabled('x') || b)) go();`, `if (a && b) go();`],
  ['or inside and, on', on, `if (a && (unleash.isEnabled('x') || b)) go();`, `if (a) go();`],
  ['=== true', on, `if (unleash.isEnabled('x') === true) a();`, `a();`],
  ['=== false', on, `if (unleash.isEnabled('x') === false) a();\n  b();`, `b();`],
  ['!== true off', off, `if (unleash.isEnabled('x') !== true) a();`, `a();`],
  ['true ===', on, `if (true === unleash.isEnabled('x')) a();`, `a();`],
  ['== false off', off, `if (unleash.isEnabled('x') == false) a();`, `a();`],
  ['flag twice, on', on, `if (unleash.isEnabled('x') && !unleash.isEnabled('x')) a();\n  b();`, `b();`],
  ['flag twice, or', off, `if (unleash.isEnabled('x') || !unleash.isEnabled('x')) a();`, `a();`],
  ['flag twice with other', on, `if (unleash.isEnabled('x') && (a || unleash.isEnabled('x'))) go();`, `go();`],
  [
    'else if: first on',
    on,
    `if (unleash.isEnabled('x')) {\n    a();\n  } else if (b) {\n    c();\n  } else {\n    d();\n  }`,
    `a();`,
  ],
  [
    'else if: first off',
    off,
    `if (unleash.isEnabled('x')) {\n    a();\n  } else if (b) {\n    c();\n  } else {\n    d();\n  }`,
    `if (b) {\n    c();\n  } else {\n    d();\n  }`,
  ],
  [
    'else if: middle on',
    on,
    `if (b) {\n    c();\n  } else if (unleash.isEnabled('x')) {\n    a();\n  } else {\n    d();\n  }`,
    `if (b) {\n    c();\n  } else {\n    a();\n  }`,
  ],
  [
    'else if: middle off',
    off,
    `if (b) {\n    c();\n  } else if (unleash.isEnabled('x')) {\n    a();\n  } else {\n    d();\n  }`,
    `if (b) {\n    c();\n  } else {\n    d();\n  }`,
  ],
  [
    'else if: middle off, no else',
    off,
    `if (b) {\n    c();\n  } else if (unleash.isEnabled('x')) {\n    a();\n  }`,
    `if (b) {\n    c();\n  }`,
  ],
  [
    'else if: last of three on',
    on,
    `if (b) c();\n  else if (d) e();\n  else if (unleash.isEnabled('x')) a();`,
    `if (b) c(); else if (d) e(); else a();`,
  ],
  [
    'else if: negated middle',
    on,
    `if (b) {\n    c();\n  } else if (!unleash.isEnabled('x')) {\n    a();\n  } else {\n    d();\n  }`,
    `if (b) {\n    c();\n  } else {\n    d();\n  }`,
  ],
  [
    'else if: all decided',
    off,
    `if (unleash.isEnabled('x')) {\n    a();\n  } else if (!unleash.isEnabled('x')) {\n    c();\n  }`,
    `c();`,
  ],
  [
    'block with let stays a block',
    on,
    `if (unleash.isEnabled('x')) {\n    let n = 1;\n    use(n);\n  }`,
    `{\n    let n = 1;\n    use(n);\n  }`,
  ],
  [
    'block with const in else stays',
    off,
    `if (unleash.isEnabled('x')) {\n    a();\n  } else {\n    const n = 2;\n    use(n);\n  }`,
    `{\n    const n = 2;\n    use(n);\n  }`,
  ],
  [
    'block with var unwraps',
    on,
    `if (unleash.isEnabled('x')) {\n    var n = 1;\n    use(n);\n  }`,
    `var n = 1;\n  use(n);`,
  ],
  [
    'nested if kept',
    on,
    `if (unleash.isEnabled('x')) {\n    if (a) {\n      b();\n    }\n  }`,
    `if (a) {\n    b();\n  }`,
  ],
  [
    'nested flag inside kept branch',
    on,
    `if (a) {\n    if (unleash.isEnabled('x')) {\n      b();\n    }\n  }`,
    `if (a) {\n    b();\n  }`,
  ],
  ['single statement body', on, `if (unleash.isEnabled('x')) a();\n  else c();`, `a();`],
  ['single statement else', off, `if (unleash.isEnabled('x')) a();\n  else c();`, `c();`],
  ['empty kept block', on, `if (unleash.isEnabled('x')) {\n  }\n  b();`, `b();`],
  [
    'early return removed',
    on,
    `if (!unleash.isEnabled('x')) {\n    return null;\n  }\n  return render();`,
    `return render();`,
  ],
  [
    'early return kept drops dead code',
    off,
    `if (!unleash.isEnabled('x')) {\n    return null;\n  }\n  const v = compute();\n  return v;`,
    `return null;`,
  ],
  ['early return without braces', off, `if (!unleash.isEnabled('x')) return;\n  go();`, `return;`],
  [
    'early return keeps hoisted functions',
    off,
    `if (!unleash.isEnabled('x')) return helper();\n  go();\n  function helper() {\n    return 1;\n  }`,
    `return helper();\n  go();\n  function helper() {\n    return 1;\n  }`,
  ],
  ['throw kept', off, `if (!unleash.isEnabled('x')) throw new Error('off');\n  go();`, `throw new Error('off');`],
  ['ternary on', on, `const v = unleash.isEnabled('x') ? 'new' : 'old';`, `const v = 'new';`],
  ['ternary off', off, `const v = unleash.isEnabled('x') ? 'new' : 'old';`, `const v = 'old';`],
  ['negated ternary', on, `const v = !unleash.isEnabled('x') ? 'old' : 'new';`, `const v = 'new';`],
  ['nested ternary', off, `const v = unleash.isEnabled('x') ? 'a' : b ? 'b' : 'c';`, `const v = b ? 'b' : 'c';`],
  ['ternary in condition', on, `const v = (unleash.isEnabled('x') && a) ? 1 : 2;`, `const v = a ? 1 : 2;`],
  ['ternary inside call', on, `go(unleash.isEnabled('x') ? fast : slow);`, `go(fast);`],
  ['return the flag', on, `return unleash.isEnabled('x');`, `return true;`],
  ['passed on as a boolean', off, `track(unleash.isEnabled('x'));`, `track(false);`],
  ['stored as a boolean', on, `const o = { fast: unleash.isEnabled('x') };`, `const o = { fast: true };`],
  ['value-context and keeps x && true', on, `const v = ready && unleash.isEnabled('x');`, `const v = ready && true;`],
  ['value-context and, flag first', on, `const v = unleash.isEnabled('x') && ready;`, `const v = ready;`],
  ['value-context or, flag first off', off, `const v = unleash.isEnabled('x') || fallback;`, `const v = fallback;`],
  ['statement && call on', on, `unleash.isEnabled('x') && track();`, `track();`],
  ['statement && call off', off, `unleash.isEnabled('x') && track();\n  b();`, `b();`],
  ['optional chain callee', on, `if (client?.isEnabled('x')) a();`, `a();`],
  ['context argument', on, `if (unleash.isEnabled('x', { userId })) a();`, `a();`],
  ['double quotes', on, `if (unleash.isEnabled("x")) a();`, `a();`],
  ['bare isEnabled', on, `if (isEnabled('x')) a();`, `a();`],
  [
    'other flag untouched',
    on,
    `if (unleash.isEnabled('y')) a();\n  if (unleash.isEnabled('x')) b();`,
    `if (unleash.isEnabled('y')) a();\n  b();`,
  ],
  ['longer name untouched', on, `if (unleash.isEnabled('x-2')) a();`, `if (unleash.isEnabled('x-2')) a();`],
  [
    'comment in removed branch goes',
    off,
    `if (unleash.isEnabled('x')) {\n    // the new way\n    a();\n  }\n  b();`,
    `b();`,
  ],
  [
    'comment in kept branch stays',
    on,
    `if (unleash.isEnabled('x')) {\n    // the new way\n    a();\n  }`,
    `// the new way\n  a();`,
  ],
  ['trailing comment goes with the statement', off, `unleash.isEnabled('x') && track(); // tracking\n  b();`, `b();`],
  ['comment above stays', on, `// checkout\n  if (unleash.isEnabled('x')) a();`, `// checkout\n  a();`],
  ['while condition', on, `while (unleash.isEnabled('x') && more()) step();`, `while (more()) step();`],
  [
    'callback body',
    on,
    `items.forEach((i) => {\n    if (unleash.isEnabled('x')) show(i);\n  });`,
    `items.forEach((i) => {\n    show(i);\n  });`,
  ],
  ['arrow expression body', off, `const f = () => unleash.isEnabled('x') ? a : b;`, `const f = () => b;`],
  ['in template literal expression', on, "log(`on: ${unleash.isEnabled('x')}`);", 'log(`on: ${true}`);'],
  [
    'multi-line template in kept block stays a block',
    on,
    "if (unleash.isEnabled('x')) {\n    log(`a\n  b`);\n  }",
    '{\n    log(`a\n  b`);\n  }',
  ],
  [
    'switch case body',
    on,
    `switch (k) {\n    case 1:\n      if (unleash.isEnabled('x')) a();\n      break;\n  }`,
    `switch (k) {\n    case 1:\n      a();\n      break;\n  }`,
  ],
];

/** Variables and hooks: the declaration goes when every use was replaced. */
const variables: Row[] = [
  ['const used in if', on, `const enabled = unleash.isEnabled('x', ctx);\n  if (enabled) a();`, `a();`],
  [
    'const used twice',
    off,
    `const enabled = unleash.isEnabled('x');\n  if (enabled) a();\n  return enabled ? 1 : 2;`,
    `return 2;`,
  ],
  [
    'const used later in a callback',
    on,
    `const enabled = unleash.isEnabled('x');\n  return items.map((i) => (enabled ? i * 2 : i));`,
    `return items.map((i) => (i * 2));`,
  ],
  ['const passed on', on, `const enabled = unleash.isEnabled('x');\n  track(enabled);`, `track(true);`],
  [
    'const shorthand property',
    off,
    `const enabled = unleash.isEnabled('x');\n  return { enabled };`,
    `return { enabled: false };`,
  ],
  [
    'shadowed by a parameter',
    on,
    `const enabled = unleash.isEnabled('x');\n  const f = (enabled) => enabled;\n  if (enabled) a();`,
    `const enabled = true;\n  const f = (enabled) => enabled;\n  a();`,
  ],
  [
    'shadowed in a block',
    off,
    `const enabled = unleash.isEnabled('x');\n  {\n    const enabled = other();\n    use(enabled);\n  }\n  if (enabled) a();`,
    `const enabled = false;\n  {\n    const enabled = other();\n    use(enabled);\n  }`,
  ],
  [
    'let is not tracked, and is listed',
    on,
    `let enabled = unleash.isEnabled('x');\n  if (enabled) a();`,
    `let enabled = true;\n  if (enabled) a();`,
    [kept('enabled')],
  ],
  [
    'var is not tracked, and is listed',
    off,
    `var enabled = unleash.isEnabled('x');\n  if (enabled) a();\n  enabled = other();`,
    `var enabled = false;\n  if (enabled) a();\n  enabled = other();`,
    [kept('enabled')],
  ],
  [
    'two declarators not tracked, and listed',
    on,
    `const a = 1, enabled = unleash.isEnabled('x');\n  if (enabled) go();`,
    `const a = 1, enabled = true;\n  if (enabled) go();`,
    [kept('enabled')],
  ],
  ['unused const goes', on, `const enabled = unleash.isEnabled('x');\n  go();`, `go();`],
  ['negated use', on, `const enabled = unleash.isEnabled('x');\n  if (!enabled) return;\n  go();`, `go();`],
];

const wrap = (body: string) => `export function f() {\n  ${body}\n}\n`;

const files: (Case & { keep: boolean })[] = [
  {
    name: 'hook result used later in JSX',
    file: 'App.tsx',
    keep: on,
    before: `import { useFlag } from '@unleash/proxy-client-react';\n\nexport function App() {\n  const enabled = useFlag('x');\n  return <main>{enabled && <NewCheckout />}<Footer /></main>;\n}\n`,
    after: `export function App() {\n  return <main><NewCheckout /><Footer /></main>;\n}\n`,
  },
  {
    name: 'JSX && off',
    file: 'App.tsx',
    keep: off,
    before: `import { useFlag } from '@unleash/proxy-client-react';\n\nexport function App() {\n  return (\n    <main>\n      {useFlag('x') && <Banner />}\n      <Footer />\n    </main>\n  );\n}\n`,
    after: `export function App() {\n  return (\n    <main>\n      <Footer />\n    </main>\n  );\n}\n`,
  },
  {
    name: 'JSX ternary on',
    file: 'App.jsx',
    keep: on,
    before: `export const App = () => {\n  const on = useFlag('x');\n  return <div>{on ? <New /> : <Old />}</div>;\n};\n`,
    after: `export const App = () => {\n  return <div><New /></div>;\n};\n`,
  },
  {
    name: 'JSX ternary off with parentheses',
    file: 'App.tsx',
    keep: off,
    before: `export const App = () => (\n  <div>{useFlag('x') ? (<New />) : (<Old />)}</div>\n);\n`,
    after: `export const App = () => (\n  <div><Old /></div>\n);\n`,
  },
  {
    name: 'JSX ternary to null',
    file: 'App.tsx',
    keep: off,
    before: `export const App = () => <div>{useFlag('x') ? <New /> : null}</div>;\n`,
    after: `export const App = () => <div>{null}</div>;\n`,
  },
  {
    name: 'JSX ternary on its own lines moves out',
    file: 'App.tsx',
    keep: on,
    before: `export const App = () => (\n  <div>\n    {useFlag('x') ? (\n      <Group>\n        <Search />\n      </Group>\n    ) : null}\n  </div>\n);\n`,
    after: `export const App = () => (\n  <div>\n    <Group>\n      <Search />\n    </Group>\n  </div>\n);\n`,
  },
  {
    name: 'JSX attribute',
    file: 'App.tsx',
    keep: on,
    before: `export const App = () => <Button primary={useFlag('x')} />;\n`,
    after: `export const App = () => <Button primary={true} />;\n`,
  },
  {
    name: 'JSX in fragment',
    file: 'App.tsx',
    keep: on,
    before: `export const App = () => <>{useFlag('x') && <A />}</>;\n`,
    after: `export const App = () => <><A /></>;\n`,
  },
  {
    name: 'returned JSX by hook, early return',
    file: 'Page.tsx',
    keep: off,
    before: `import { useFlag } from '@unleash/nextjs/client';\nimport { NewPage } from './new';\n\nexport default function Page() {\n  const on = useFlag('x');\n  if (on) {\n    return <NewPage />;\n  }\n  return <OldPage />;\n}\n`,
    after: `export default function Page() {\n  return <OldPage />;\n}\n`,
  },
  {
    name: 'import used before stays when still used',
    file: 'a.ts',
    keep: on,
    before: `import { isEnabled, other } from './flags';\nif (isEnabled('x')) other();\nisEnabled('y');\n`,
    after: `import { isEnabled, other } from './flags';\nother();\nisEnabled('y');\n`,
  },
  {
    name: 'import left unused by the rewrite goes, an unused one stays',
    file: 'a.ts',
    keep: off,
    before: `import { isEnabled } from './flags';\nimport { NewThing } from './new';\nimport { unused } from './u';\nif (isEnabled('x')) NewThing();\n`,
    after: `import { unused } from './u';\n`,
  },
  {
    name: 'default and named: only the name the rewrite freed goes',
    file: 'a.tsx',
    keep: off,
    before: `import React, { useFlag, useState } from 'x-lib';\nexport const A = () => { const [s] = useState(0); return useFlag('x') ? <b>{s}</b> : null; };\n`,
    after: `import React, { useState } from 'x-lib';\nexport const A = () => { const [s] = useState(0); return null; };\n`,
  },
  {
    name: 'type import used in removed branch',
    file: 'a.ts',
    keep: off,
    before: `import type { Fancy } from './fancy';\nexport function f(x: unknown) {\n  if (isEnabled('x')) {\n    return x as Fancy;\n  }\n  return x;\n}\n`,
    after: `export function f(x: unknown) {\n  return x;\n}\n`,
  },
  {
    name: 'TypeScript generics and casts around the call',
    file: 'a.ts',
    keep: on,
    before: `export const g = <T,>(v: T): T | null => (client.isEnabled('x') as boolean) ? v : null;\n`,
    after: `export const g = <T,>(v: T): T | null => (true as boolean) ? v : null;\n`,
  },
  {
    name: 'CommonJS',
    file: 'a.cjs',
    keep: on,
    before: `const { initialize } = require('unleash-client');\nconst unleash = initialize({});\nif (unleash.isEnabled('x')) {\n  start();\n}\n`,
    after: `const { initialize } = require('unleash-client');\nconst unleash = initialize({});\nstart();\n`,
  },
  {
    name: 'CRLF line endings',
    file: 'a.ts',
    keep: on,
    before: `function f() {\r\n  if (unleash.isEnabled('x')) {\r\n    a();\r\n  } else {\r\n    b();\r\n  }\r\n  c();\r\n}\r\n`,
    after: `function f() {\r\n  a();\r\n  c();\r\n}\r\n`,
  },
  {
    name: 'CRLF removal',
    file: 'a.ts',
    keep: off,
    before: `function f() {\r\n  a();\r\n  if (unleash.isEnabled('x')) b();\r\n  c();\r\n}\r\n`,
    after: `function f() {\r\n  a();\r\n  c();\r\n}\r\n`,
  },
  {
    name: 'BOM kept',
    file: 'a.ts',
    keep: on,
    before: `\uFEFFif (unleash.isEnabled('x')) {\n  a();\n}\n`,
    after: `\uFEFFa();\n`,
  },
  {
    name: 'tabs',
    file: 'a.js',
    keep: on,
    before: `function f() {\n\tif (unleash.isEnabled('x')) {\n\t\ta();\n\t\tif (b) {\n\t\t\tc();\n\t\t}\n\t}\n}\n`,
    after: `function f() {\n\ta();\n\tif (b) {\n\t\tc();\n\t}\n}\n`,
  },
  {
    name: 'no newline at end of file',
    file: 'a.js',
    keep: off,
    before: `a();\nif (unleash.isEnabled('x')) b();`,
    after: `a();`,
  },
  {
    name: 'non-ASCII around',
    file: 'a.ts',
    keep: on,
    before: `const é = 'ü';\nif (unleash.isEnabled('x')) go('ß');\n`,
    after: `const é = 'ü';\ngo('ß');\n`,
  },
];

/** Left as it was and listed. */
const leftovers: (Case & { keep: boolean })[] = [
  {
    name: 'variant',
    file: 'a.ts',
    keep: on,
    before: `const v = unleash.getVariant('x');\n`,
    after: `const v = unleash.getVariant('x');\n`,
    leftovers: ['a variant: getVariant() (its payload decides, not on/off)'],
  },
  {
    name: 'useVariant',
    file: 'a.tsx',
    keep: on,
    before: `const v = useVariant('x');\n`,
    after: `const v = useVariant('x');\n`,
    leftovers: ['a variant: useVariant() (its payload decides, not on/off)'],
  },
  {
    name: 'passed as a value',
    file: 'a.ts',
    keep: on,
    before: `track('x');\n`,
    after: `track('x');\n`,
    leftovers: ['passed as a value to track()'],
  },
  {
    name: 'stored in an object',
    file: 'a.ts',
    keep: on,
    before: `const FLAGS = { checkout: 'x' };\n`,
    after: `const FLAGS = { checkout: 'x' };\n`,
    leftovers: ['stored in an object'],
  },
  {
    name: 'stored in a list',
    file: 'a.ts',
    keep: on,
    before: `const FLAGS = ['x', 'y'];\n`,
    after: `const FLAGS = ['x', 'y'];\n`,
    leftovers: ['stored in a list'],
  },
  {
    name: 'a constant name',
    file: 'a.ts',
    keep: on,
    before: `const NAME = 'x';\nif (unleash.isEnabled(NAME)) a();\n`,
    after: `const NAME = 'x';\nif (unleash.isEnabled(NAME)) a();\n`,
    leftovers: ['used as a value (variable_declarator)'],
  },
  {
    name: 'a dynamic name',
    file: 'a.ts',
    keep: on,
    before: 'if (unleash.isEnabled(`x${suffix}`)) a();\n',
    after: 'if (unleash.isEnabled(`x${suffix}`)) a();\n',
    leftovers: ['inside a string with escapes or interpolation (a dynamic name?)'],
  },
  {
    name: 'test mock',
    file: 'src/__tests__/a.test.ts',
    keep: on,
    before: `vi.mocked(unleash.isEnabled).mockImplementation((n) => n === 'x');\nif (unleash.isEnabled('x')) a();\n`,
    after: `vi.mocked(unleash.isEnabled).mockImplementation((n) => n === 'x');\nif (unleash.isEnabled('x')) a();\n`,
    leftovers: [
      'in a test file (a mock or a fixture; edit it by hand)',
      'in a test file: isEnabled() (a mock or a fixture; edit it by hand)',
    ],
  },
  {
    name: 'comment naming the flag',
    file: 'a.ts',
    keep: on,
    before: `// remove 'x' after launch\nif (unleash.isEnabled('x')) a();\n`,
    after: `// remove 'x' after launch\na();\n`,
    leftovers: ['named in a comment'],
  },
  {
    name: 'a file that does not parse',
    file: 'a.ts',
    keep: on,
    before: `if (unleash.isEnabled('x')) {{\n`,
    after: `if (unleash.isEnabled('x')) {{\n`,
    leftovers: ['in a file that does not parse as typescript: left as it was'],
  },
  {
    name: 'unknown language',
    file: 'flags.yaml',
    keep: on,
    before: `flag: 'x'\n`,
    after: `flag: 'x'\n`,
    leftovers: ['in a file cleanup does not parse (TypeScript, JavaScript, Python, Go and Java only)'],
  },
  {
    name: 'variant and on/off in one file',
    file: 'a.ts',
    keep: off,
    before: `if (unleash.isEnabled('x')) a();\nconst v = unleash.getVariant('x');\n`,
    after: `const v = unleash.getVariant('x');\n`,
    leftovers: ['a variant: getVariant() (its payload decides, not on/off)'],
  },
  {
    name: 'exported const keeps its declaration',
    file: 'a.ts',
    keep: on,
    before: `export const ON = unleash.isEnabled('x');\n`,
    after: `export const ON = true;\n`,
    leftovers: [kept('ON')],
  },
  {
    name: "a module's let (any function may assign it) is kept and listed",
    file: 'a.js',
    keep: off,
    before: `let on = unleash.isEnabled('x');\n\nexport function f() {\n  return on ? a() : b();\n}\n`,
    after: `let on = false;\n\nexport function f() {\n  return on ? a() : b();\n}\n`,
    leftovers: [kept('on')],
  },
];

describe('cleanup corpus: TypeScript and JavaScript statements', () => {
  for (const [name, keep, before, after, left] of inFunction) {
    test(`${name} (${keep ? 'on' : 'off'})`, () =>
      check({ name, file: 'a.ts', keep, before: wrap(before), after: wrap(after), leftovers: left }));
  }
});

describe('cleanup corpus: variables and hooks', () => {
  for (const [name, keep, before, after, left] of variables) {
    test(`${name} (${keep ? 'on' : 'off'})`, () =>
      check({ name, file: 'a.ts', keep, before: wrap(before), after: wrap(after), leftovers: left }));
  }
});

describe('cleanup corpus: whole files (JSX, imports, encodings)', () => {
  for (const c of files) test(c.name, () => check(c));
});

describe('cleanup corpus: what stays and is listed', () => {
  for (const c of leftovers) test(c.name, () => check(c));
});
