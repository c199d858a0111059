import { describe, expect, test } from 'vitest';
import { cleanFile } from '../../src/cleanup/clean.js';
import { check, kept } from './corpus.js';

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
    'variable assigned again stays, and is listed',
    on,
    `    enabled = client.is_enabled("x")\n    if ready:\n        enabled = False\n    if enabled:\n        new()\n`,
    `    enabled = True\n    if ready:\n        enabled = False\n    if enabled:\n        new()\n`,
    [kept('enabled')],
  ],
  [
    'attribute and keyword of the same name are not uses',
    on,
    `    enabled = client.is_enabled("x")\n    send(obj.enabled, enabled=enabled)\n`,
    `    send(obj.enabled, enabled=True)\n`,
  ],
  [
    'variable in a branch stays, and is listed',
    off,
    `    if ready:\n        enabled = client.is_enabled("x")\n        use(enabled)\n`,
    `    if ready:\n        enabled = False\n        use(enabled)\n`,
    [kept('enabled')],
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
  ['assigned', on, `\tenabled := unleash.IsEnabled("x")\n\tuse(enabled)`, `\tuse(true)`],
  [
    'variable used later: the declaration goes',
    on,
    `\tenabled := unleash.IsEnabled("x")\n\twork()\n\tif enabled {\n\t\tnewPath()\n\t}`,
    `\twork()\n\tnewPath()`,
  ],
  [
    'var, used twice',
    off,
    `\tvar on = unleash.IsEnabled("x")\n\tif !on {\n\t\toldPath()\n\t}\n\ttrack(on)`,
    `\toldPath()\n\ttrack(false)`,
  ],
  [
    'var with a type and a context',
    on,
    `\tvar on bool = unleash.IsEnabled("x", unleash.WithContext(ctx))\n\tuse(on)`,
    `\tuse(true)`,
  ],
  [
    'shadowed in a nested block: only the uses before the shadow are the flag',
    on,
    `\tenabled := unleash.IsEnabled("x")\n\tif ready {\n\t\tuse(enabled)\n\t\tenabled := other()\n\t\tuse(enabled)\n\t}\n\tuse(enabled)`,
    `\tif ready {\n\t\tuse(true)\n\t\tenabled := other()\n\t\tuse(enabled)\n\t}\n\tuse(true)`,
  ],
  [
    'the shadow reads the variable it hides',
    off,
    `\ton := unleash.IsEnabled("x")\n\tif ready {\n\t\ton := !on\n\t\tuse(on)\n\t}`,
    `\tif ready {\n\t\ton := true\n\t\tuse(on)\n\t}`,
  ],
  [
    'shadowed by a parameter',
    on,
    `\tenabled := unleash.IsEnabled("x")\n\tf := func(enabled bool) bool { return !enabled }\n\tuse(f(enabled))`,
    `\tf := func(enabled bool) bool { return !enabled }\n\tuse(f(true))`,
  ],
  [
    'shadowed by a range variable',
    on,
    `\ton := unleash.IsEnabled("x")\n\tfor _, on := range list {\n\t\tuse(on)\n\t}\n\tuse(on)`,
    `\tfor _, on := range list {\n\t\tuse(on)\n\t}\n\tuse(true)`,
  ],
  [
    "shadowed by an if's initializer",
    on,
    `\ton := unleash.IsEnabled("x")\n\tif on := other(); on {\n\t\tuse(on)\n\t}\n\tif on {\n\t\tnewPath()\n\t}`,
    `\tif on := other(); on {\n\t\tuse(on)\n\t}\n\tnewPath()`,
  ],
  [
    'assigned again: kept and listed',
    on,
    `\tenabled := unleash.IsEnabled("x")\n\tif ready {\n\t\tenabled = false\n\t}\n\tuse(enabled)`,
    `\tenabled := true\n\tif ready {\n\t\tenabled = false\n\t}\n\tuse(enabled)`,
    [
      'its value is kept in the variable enabled, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'address taken: kept and listed',
    on,
    `\ton := unleash.IsEnabled("x")\n\tset(&on)`,
    `\ton := true\n\tset(&on)`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'declared again with := in the same block: kept and listed',
    off,
    `\ton := unleash.IsEnabled("x")\n\ton, err := load()\n\tuse(on, err)`,
    `\ton := false\n\ton, err := load()\n\tuse(on, err)`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'a key of a composite literal may be a field: kept and listed',
    on,
    `\ton := unleash.IsEnabled("x")\n\tsend(T{on: on})`,
    `\ton := true\n\tsend(T{on: on})`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'an initializer with more than the call: kept and listed',
    on,
    `\ton, err := unleash.IsEnabled("x"), load()\n\tuse(on, err)`,
    `\ton, err := true, load()\n\tuse(on, err)`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'a kept variable in a removed branch goes with it',
    off,
    `\tif unleash.IsEnabled("x") {\n\t\ton := unleash.IsEnabled("x")\n\t\ton = !on\n\t\tuse(on)\n\t}\n\tdone()`,
    `\tdone()`,
  ],
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
    'variable used later: the declaration goes',
    on,
    `    boolean on = unleash.isEnabled("x");\n    work();\n    if (on) {\n      newPath();\n    }`,
    `    work();\n    newPath();`,
  ],
  [
    'final var, used twice',
    off,
    `    final var on = unleash.isEnabled("x", context);\n    if (!on) {\n      oldPath();\n    }\n    track(on);`,
    `    oldPath();\n    track(false);`,
  ],
  [
    'a field and a method of the same name are not the variable',
    on,
    `    boolean on = unleash.isEnabled("x");\n    this.on = on;\n    other.on(on);`,
    `    this.on = true;\n    other.on(true);`,
  ],
  [
    'read in a lambda',
    on,
    `    boolean on = unleash.isEnabled("x");\n    run(() -> use(on));`,
    `    run(() -> use(true));`,
  ],
  [
    'assigned again: kept and listed',
    on,
    `    boolean on = unleash.isEnabled("x");\n    if (ready) {\n      on = false;\n    }\n    use(on);`,
    `    boolean on = true;\n    if (ready) {\n      on = false;\n    }\n    use(on);`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    "a nested class's field of the same name: kept and listed",
    off,
    `    boolean on = unleash.isEnabled("x");\n    Object o = new Object() {\n      boolean on = true;\n    };\n    use(on);`,
    `    boolean on = false;\n    Object o = new Object() {\n      boolean on = true;\n    };\n    use(on);`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
  ],
  [
    'two declarators: kept and listed',
    on,
    `    boolean on = unleash.isEnabled("x"), more = ready;\n    use(on, more);`,
    `    boolean on = true, more = ready;\n    use(on, more);`,
    [
      'its value is kept in the variable on, which cleanup could not follow: the variable and its uses stay as they were',
    ],
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

describe('cleanup corpus: Go and Java imports the rewrite left unused', () => {
  const goMain = (imports: string, body: string) => `package main\n\n${imports}func main() {\n${body}}\n`;
  const flagIf = `\tif unleash.IsEnabled("x") {\n\t\tnewPath()\n\t}\n`;
  const cases: [name: string, keep: boolean, before: string, after: string][] = [
    [
      "the Unleash SDK's module, known by its package's name: the group it empties goes whole",
      true,
      goMain(`import (\n\t"github.com/Unleash/unleash-client-go/v4"\n)\n\n`, flagIf),
      goMain('', `\tnewPath()\n`),
    ],
    [
      'an aliased import on its own line',
      false,
      goMain(
        `import "fmt"\nimport unleash "github.com/Unleash/unleash-client-go/v3"\n\n`,
        `${flagIf}\tfmt.Println()\n`,
      ),
      goMain(`import "fmt"\n\n`, `\tfmt.Println()\n`),
    ],
    [
      'the last of a group after a blank line: no blank line is left before )',
      true,
      goMain(
        `import (\n\t"fmt"\n\n\tunleash "github.com/Unleash/unleash-go-sdk/v5"\n)\n\n`,
        `${flagIf}\tfmt.Println()\n`,
      ),
      goMain(`import (\n\t"fmt"\n)\n\n`, `\tnewPath()\n\tfmt.Println()\n`),
    ],
    [
      'a package still used, a blank import and an unknown package name stay',
      true,
      goMain(
        `import (\n\t_ "github.com/lib/pq"\n\t"example.com/go-flags"\n\tunleash "github.com/Unleash/unleash-client-go/v4"\n)\n\n`,
        `${flagIf}\tunleash.Initialize()\n\tflags.Other()\n`,
      ),
      goMain(
        `import (\n\t_ "github.com/lib/pq"\n\t"example.com/go-flags"\n\tunleash "github.com/Unleash/unleash-client-go/v4"\n)\n\n`,
        `\tnewPath()\n\tunleash.Initialize()\n\tflags.Other()\n`,
      ),
    ],
  ];
  for (const [name, keep, before, after] of cases)
    test(`Go: ${name}`, () => check({ name, file: 'main.go', keep, before, after }));

  const javaFile = (imports: string, cond: string) =>
    `package app;\n\n${imports}class A {\n  Unleash unleash;\n\n  void h() {\n    if (${cond}) {\n      newPath();\n    }\n  }\n}\n`;
  test('Java: an import the rewrite left unused goes; one still used, one unused before and a wildcard stay', () =>
    check({
      name: 'java imports',
      file: 'A.java',
      keep: true,
      before: javaFile(
        `import io.getunleash.Unleash;\nimport io.getunleash.UnleashContext;\nimport java.util.List;\nimport java.util.*;\n\n`,
        `unleash.isEnabled("x", UnleashContext.builder().build())`,
      ),
      after: javaFile(`import io.getunleash.Unleash;\nimport java.util.List;\nimport java.util.*;\n\n`, 'true').replace(
        '    if (true) {\n      newPath();\n    }',
        '    newPath();',
      ),
    }));
  test('Java: the only import goes with its blank line', () =>
    check({
      name: 'java only import',
      file: 'B.java',
      keep: false,
      before: `package app;\n\nimport io.getunleash.UnleashContext;\n\nclass B {\n  void h() {\n    if (u.isEnabled("x", UnleashContext.builder().build())) {\n      newPath();\n    }\n  }\n}\n`,
      after: `package app;\n\nclass B {\n  void h() {\n  }\n}\n`,
    }));
});

describe('cleanup: a variable kept is listed where the result holds it', () => {
  test('Go: its line and column after an import above it went', async () => {
    const before = `package main\n\nimport (\n\t"fmt"\n\tunleash "github.com/Unleash/unleash-client-go/v4"\n)\n\nfunc main() {\n\tif unleash.IsEnabled("x") {\n\t\tfmt.Println()\n\t}\n\ton := unleash.IsEnabled("x")\n\tset(&on)\n}\n`;
    const result = await cleanFile('main.go', before, new Map([['x', true]]));
    const lines = result.after.split('\n');
    const [left] = result.leftovers;
    expect(result.leftovers).toHaveLength(1);
    expect(lines[left!.line - 1]!.slice(left!.column - 1)).toBe('on := true');
    expect(left).toMatchObject({ name: 'x', line: 9, column: 2 });
  });
});

describe('cleanup corpus: Go, a local only the flag call read', () => {
  const unread = (name: string) =>
    `the variable ${name} is no longer read (the flag call that read it is gone), and Go refuses a variable declared and not used: remove it`;
  test('is listed, since Go would refuse it', () =>
    check({
      name: 'go unread local',
      file: 'a.go',
      keep: true,
      before: `package main\n\nfunc h(r *http.Request) {\n\tctx := unleash.WithContext(context.Context{UserId: r.User})\n\tif unleash.IsEnabled("x", ctx) {\n\t\tnewPath()\n\t}\n}\n`,
      after: `package main\n\nfunc h(r *http.Request) {\n\tctx := unleash.WithContext(context.Context{UserId: r.User})\n\tnewPath()\n}\n`,
      leftovers: [unread('ctx')],
    }));
  test('is not listed while something else reads it, nor is a parameter', () =>
    check({
      name: 'go local read elsewhere',
      file: 'a.go',
      keep: true,
      before: `package main\n\nfunc h(r *http.Request, user string) {\n\tctx := build(r)\n\tif unleash.IsEnabled("x", ctx, user) {\n\t\tnewPath()\n\t}\n\tlog(ctx)\n}\n`,
      after: `package main\n\nfunc h(r *http.Request, user string) {\n\tctx := build(r)\n\tnewPath()\n\tlog(ctx)\n}\n`,
    }));
});

describe('cleanup corpus: a variable cleanup cannot follow is kept and listed', () => {
  const cases: [name: string, file: string, before: string, after: string, leftovers: string[]][] = [
    [
      "Go: an if's initializer",
      'a.go',
      `package main\n\nfunc h() {\n\tif on := unleash.IsEnabled("x"); on {\n\t\tnewPath()\n\t}\n}\n`,
      `package main\n\nfunc h() {\n\tif on := true; on {\n\t\tnewPath()\n\t}\n}\n`,
      [kept('on')],
    ],
    [
      "Go: a package's variable, which other files may read",
      'a.go',
      `package main\n\nvar on = unleash.IsEnabled("x")\n\nfunc h() {\n\tif on {\n\t\tnewPath()\n\t}\n}\n`,
      `package main\n\nvar on = true\n\nfunc h() {\n\tif on {\n\t\tnewPath()\n\t}\n}\n`,
      [kept('on')],
    ],
    [
      "Java: a class's field and a for loop's variable",
      'A.java',
      `class A {\n  private boolean on = unleash.isEnabled("x");\n\n  void h() {\n    for (boolean b = unleash.isEnabled("x"); b; ) {\n      b = false;\n    }\n  }\n}\n`,
      `class A {\n  private boolean on = true;\n\n  void h() {\n    for (boolean b = true; b; ) {\n      b = false;\n    }\n  }\n}\n`,
      [kept('on'), kept('b')],
    ],
    [
      'Go: a local holding the flag negated',
      'a.go',
      `package main\n\nfunc h() {\n\toff := !unleash.IsEnabled("x")\n\tif off {\n\t\toldPath()\n\t}\n}\n`,
      `package main\n\nfunc h() {\n\toff := false\n\tif off {\n\t\toldPath()\n\t}\n}\n`,
      [kept('off')],
    ],
    [
      'Java: a local holding the flag negated',
      'A.java',
      `class A {\n  void h() {\n    boolean off = !unleash.isEnabled("x");\n    if (off) {\n      oldPath();\n    }\n  }\n}\n`,
      `class A {\n  void h() {\n    boolean off = false;\n    if (off) {\n      oldPath();\n    }\n  }\n}\n`,
      [kept('off')],
    ],
    [
      'Python: a name holding the flag negated',
      'a.py',
      `def h():\n    off = not client.is_enabled("x")\n    if off:\n        old_path()\n`,
      `def h():\n    off = False\n    if off:\n        old_path()\n`,
      [kept('off')],
    ],
    [
      'TypeScript: a const holding the flag negated',
      'a.ts',
      `export function f() {\n  const off = !unleash.isEnabled('x');\n  if (off) a();\n}\n`,
      `export function f() {\n  const off = false;\n  if (off) a();\n}\n`,
      [kept('off')],
    ],
  ];
  for (const [name, file, before, after, leftovers] of cases)
    test(name, () => check({ name, file, keep: true, before, after, leftovers }));
});
