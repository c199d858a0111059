import { describe, test } from 'vitest';
import { check } from './cleanup/corpus.js';

// The corpus for Python, Go and Java: calls become literals; if/else (elif, else if), ternaries
// and boolean operators are simplified; every result must parse again.

const on = true;
const off = false;
type Row = [name: string, keep: boolean, before: string, after: string, leftovers?: string[]];

const py = (body: string) => `def handler(client, ready):\n${body}\n    return done()\n`;
const python: Row[] = [
  ['if on', on, `    if client.is_enabled("x"):\n        new()\n`, `    new()\n`],
  ['if off', off, `    if client.is_enabled("x"):\n        new()\n`, ``],
  ['if/else on', on, `    if client.is_enabled("x"):\n        new()\n    else:\n        old()\n`, `    new()\n`],
  ['if/else off', off, `    if client.is_enabled("x"):\n        new()\n    else:\n        old()\n`, `    old()\n`],
  ['not', on, `    if not client.is_enabled("x"):\n        old()\n`, ``],
  ['not off', off, `    if not client.is_enabled("x"):\n        old()\n`, `    old()\n`],
  ['and', on, `    if client.is_enabled("x") and ready:\n        new()\n`, `    if ready:\n        new()\n`],
  ['and off', off, `    if ready and client.is_enabled("x"):\n        new()\n`, ``],
  ['or', off, `    if client.is_enabled("x") or ready:\n        new()\n`, `    if ready:\n        new()\n`],
  ['== True', on, `    if client.is_enabled("x") == True:\n        new()\n`, `    new()\n`],
  ['is False', off, `    if client.is_enabled("x") is False:\n        old()\n`, `    old()\n`],
  [
    'elif on',
    on,
    `    if ready:\n        a()\n    elif client.is_enabled("x"):\n        b()\n    else:\n        c()\n`,
    `    if ready:\n        a()\n    else:\n        b()\n`,
  ],
  [
    'elif off',
    off,
    `    if ready:\n        a()\n    elif client.is_enabled("x"):\n        b()\n    else:\n        c()\n`,
    `    if ready:\n        a()\n    else:\n        c()\n`,
  ],
  [
    'first off, elif stays',
    off,
    `    if client.is_enabled("x"):\n        a()\n    elif ready:\n        b()\n    else:\n        c()\n`,
    `    if ready:\n        b()\n    else:\n        c()\n`,
  ],
  ['conditional expression', on, `    v = "new" if client.is_enabled("x") else "old"\n`, `    v = "new"\n`],
  ['conditional expression off', off, `    v = "new" if client.is_enabled("x") else "old"\n`, `    v = "old"\n`],
  [
    'nested block dedented',
    on,
    `    if client.is_enabled("x"):\n        for i in range(3):\n            go(i)\n`,
    `    for i in range(3):\n        go(i)\n`,
  ],
  [
    'only statement of a block: pass',
    off,
    `    for i in items:\n        if client.is_enabled("x"):\n            go(i)\n`,
    `    for i in items:\n        pass\n`,
  ],
  ['single quotes', on, `    if client.is_enabled('x', context):\n        new()\n`, `    new()\n`],
  ['passed on', on, `    track(client.is_enabled("x"))\n`, `    track(True)\n`],
  ['tabs', on, `\tif client.is_enabled("x"):\n\t\tnew()\n\telse:\n\t\told()\n`, `\tnew()\n`],
  [
    'multi-line string in the kept block: if True',
    off,
    `    if client.is_enabled("x"):\n        new()\n    else:\n        log("""a\n    b""")\n`,
    `    if True:\n        log("""a\n    b""")\n`,
  ],
  [
    'variable used later',
    on,
    `    enabled = client.is_enabled("x")\n    work()\n    if enabled:\n        new()\n`,
    `    work()\n    new()\n`,
  ],
  [
    'variable used twice',
    off,
    `    enabled = client.is_enabled("x")\n    if not enabled:\n        old()\n    track(enabled)\n`,
    `    old()\n    track(False)\n`,
  ],
  [
    'variable assigned again stays',
    on,
    `    enabled = client.is_enabled("x")\n    if ready:\n        enabled = False\n    if enabled:\n        new()\n`,
    `    enabled = True\n    if ready:\n        enabled = False\n    if enabled:\n        new()\n`,
  ],
  [
    'attribute and keyword of the same name are not uses',
    on,
    `    enabled = client.is_enabled("x")\n    send(obj.enabled, enabled=enabled)\n`,
    `    send(obj.enabled, enabled=True)\n`,
  ],
  [
    'variable in a branch stays',
    off,
    `    if ready:\n        enabled = client.is_enabled("x")\n        use(enabled)\n`,
    `    if ready:\n        enabled = False\n        use(enabled)\n`,
  ],
];

const go = (body: string) => `package main\n\nfunc handler(ready bool) {\n${body}\n}\n`;
const golang: Row[] = [
  ['if on', on, `\tif unleash.IsEnabled("x") {\n\t\tnewPath()\n\t}`, `\tnewPath()`],
  ['if off', off, `\tif unleash.IsEnabled("x") {\n\t\tnewPath()\n\t}\n\tdone()`, `\tdone()`],
  ['if/else off', off, `\tif unleash.IsEnabled("x") {\n\t\tnewPath()\n\t} else {\n\t\toldPath()\n\t}`, `\toldPath()`],
  ['negation', on, `\tif !unleash.IsEnabled("x") {\n\t\toldPath()\n\t}\n\tdone()`, `\tdone()`],
  ['and', on, `\tif unleash.IsEnabled("x") && ready {\n\t\tnewPath()\n\t}`, `\tif ready {\n\t\tnewPath()\n\t}`],
  ['or off', off, `\tif ready || unleash.IsEnabled("x") {\n\t\tnewPath()\n\t}`, `\tif ready {\n\t\tnewPath()\n\t}`],
  [
    'else if on',
    on,
    `\tif ready {\n\t\ta()\n\t} else if unleash.IsEnabled("x", ctx) {\n\t\tb()\n\t} else {\n\t\tc()\n\t}`,
    `\tif ready {\n\t\ta()\n\t} else {\n\t\tb()\n\t}`,
  ],
  ['== true', off, `\tif unleash.IsEnabled("x") == true {\n\t\tnewPath()\n\t}\n\tdone()`, `\tdone()`],
  [
    ':= in kept block stays a block',
    on,
    `\tif unleash.IsEnabled("x") {\n\t\tv := 1\n\t\tuse(v)\n\t}`,
    `\t{\n\t\tv := 1\n\t\tuse(v)\n\t}`,
  ],
  [
    'initializer: only the call',
    on,
    `\tif v := f(); unleash.IsEnabled("x") {\n\t\tuse(v)\n\t}`,
    `\tif v := f(); true {\n\t\tuse(v)\n\t}`,
  ],
  ['assigned', on, `\tenabled := unleash.IsEnabled("x")\n\tuse(enabled)`, `\tenabled := true\n\tuse(enabled)`],
  [
    'variant left',
    on,
    `\tv := unleash.GetVariant("x")\n\tuse(v)`,
    `\tv := unleash.GetVariant("x")\n\tuse(v)`,
    ['a variant: GetVariant() (its payload decides, not on/off)'],
  ],
];

const java = (body: string) => `class Handler {\n  void handle(boolean ready) {\n${body}\n  }\n}\n`;
const javaRows: Row[] = [
  ['if on', on, `    if (unleash.isEnabled("x")) {\n      newPath();\n    }`, `    newPath();`],
  ['if off', off, `    if (unleash.isEnabled("x")) {\n      newPath();\n    }\n    done();`, `    done();`],
  [
    'if/else off',
    off,
    `    if (unleash.isEnabled("x")) {\n      newPath();\n    } else {\n      oldPath();\n    }`,
    `    oldPath();`,
  ],
  ['negation', off, `    if (!unleash.isEnabled("x")) {\n      oldPath();\n    }`, `    oldPath();`],
  [
    'and',
    on,
    `    if (unleash.isEnabled("x") && ready) {\n      newPath();\n    }`,
    `    if (ready) {\n      newPath();\n    }`,
  ],
  ['or', on, `    if (ready || unleash.isEnabled("x")) {\n      newPath();\n    }`, `    newPath();`],
  ['ternary', on, `    String v = unleash.isEnabled("x") ? "new" : "old";`, `    String v = "new";`],
  ['ternary off', off, `    String v = unleash.isEnabled("x", context) ? "new" : "old";`, `    String v = "old";`],
  [
    'else if off',
    off,
    `    if (ready) {\n      a();\n    } else if (unleash.isEnabled("x")) {\n      b();\n    } else {\n      c();\n    }`,
    `    if (ready) {\n      a();\n    } else {\n      c();\n    }`,
  ],
  [
    'local in kept block stays a block',
    on,
    `    if (unleash.isEnabled("x")) {\n      int n = 1;\n      use(n);\n    }`,
    `    {\n      int n = 1;\n      use(n);\n    }`,
  ],
  ['early return', off, `    if (!unleash.isEnabled("x")) {\n      return;\n    }\n    work();`, `    return;`],
  ['== true', on, `    if (unleash.isEnabled("x") == true) {\n      newPath();\n    }`, `    newPath();`],
  [
    'comment in removed branch',
    off,
    `    if (unleash.isEnabled("x")) {\n      // new\n      newPath();\n    }\n    done();`,
    `    done();`,
  ],
  [
    'variant left',
    on,
    `    Variant v = unleash.getVariant("x");`,
    `    Variant v = unleash.getVariant("x");`,
    ['a variant: getVariant() (its payload decides, not on/off)'],
  ],
];

const run = (label: string, file: string, wrap: (b: string) => string, rows: Row[]) =>
  describe(`cleanup corpus: ${label}`, () => {
    for (const [name, keep, before, after, leftovers] of rows) {
      test(`${name} (${keep ? 'on' : 'off'})`, () =>
        check({ name, file, keep, before: wrap(before), after: wrap(after), leftovers }));
    }
  });

run('Python', 'handler.py', (b) => py(b.replace(/\n$/, '')).replace('\n\n    return', '\n    return'), python);
run('Go', 'handler.go', go, golang);
run('Java', 'Handler.java', java, javaRows);

describe('cleanup corpus: Python early return', () => {
  test('the code after an unconditional return goes', () =>
    check({
      name: 'python early return',
      file: 'a.py',
      keep: false,
      before: `def f(client):\n    if not client.is_enabled("x"):\n        return None\n    work()\n    return 1\n`,
      after: `def f(client):\n    return None\n`,
    }));
});

describe('cleanup corpus: Go imports', () => {
  test('an import the rewrite left unused goes', () =>
    check({
      name: 'go import',
      file: 'main.go',
      keep: true,
      before: `package main\n\nimport (\n\t"fmt"\n\tflags "example.com/flags"\n)\n\nfunc main() {\n\tif flags.IsEnabled("x") {\n\t\tfmt.Println("new")\n\t}\n}\n`,
      after: `package main\n\nimport (\n\t"fmt"\n)\n\nfunc main() {\n\tfmt.Println("new")\n}\n`,
    }));
});
