import type { Node } from 'web-tree-sitter';
import { flagCalls, type FlagCalls, type LanguageId } from './calls.js';
import { parserFor } from './grammars.js';
import { namesPassed, unusedGoLocals } from './go-unused.js';
import { unusedGoImportEdits, unusedImportEdits, unusedJavaImportEdits } from './imports.js';
import { DIALECTS, grammarOf } from './languages.js';
import { leftoversIn, type Leftover } from './leftovers.js';
import { canMark, Rewriter, takeMarks, type Action } from './rewrite.js';
import { applyEdits, calleeName, firstArgument, stringValue, type Edit } from './tree.js';
import { trackPythonVariable, trackVariable, type TrackedVariable } from './variables.js';
import { trackGoVariable, trackJavaVariable } from './variables-typed.js';

// One file: its flag calls become the kept literals and what they decide is simplified; or,
// where cleanup cannot be sure, the file stays as it was and says why.

export interface FileCleanup {
  before: string;
  after: string;
  actions: Action[];
  leftovers: Leftover[];
}

/** Tests and their mocks are a person's to edit: cleanup lists what they name. */
export const TEST_FILE =
  /(^|\/)(__tests__|__mocks__|tests?|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]*\.py$|_test\.(py|go)$|Test\.java$/;

export async function cleanFile(
  path: string,
  source: string,
  flags: Map<string, boolean>,
  callsOf = flagCalls,
): Promise<FileCleanup> {
  const names = [...flags.keys()];
  const grammar = grammarOf(path);
  const unchanged = (reason: string): FileCleanup => ({
    before: source,
    after: source,
    actions: [],
    leftovers: textLeftovers(source, names, reason),
  });
  if (!grammar) return unchanged('in a file cleanup does not parse (TypeScript, JavaScript, Python, Go and Java only)');
  const d = DIALECTS[grammar];
  const calls = callsOf(d.id);
  const bom = source.startsWith('\uFEFF') ? '\uFEFF' : '';
  const src = source.slice(bom.length);
  const parser = await parserFor(grammar);
  const tree = parser.parse(src)!;
  const testFile = TEST_FILE.test(path);
  if (tree.rootNode.hasError) return unchanged(`in a file that does not parse as ${grammar}: left as it was`);
  const found = testFile
    ? { values: new Map<number, boolean>(), hot: [] as Node[], dropped: new Set<number>(), kept: [] }
    : flagSites(tree.rootNode, d.call, d.lists, calls, flags, d.id);
  if (found.hot.length === 0)
    return {
      before: source,
      after: source,
      actions: [],
      leftovers: leftoversIn(tree.rootNode, d, calls, names, testFile),
    };
  const marked = new Map(canMark(src) ? found.kept.map((k, i) => [k.declaration.id, i] as const) : []);
  const r = new Rewriter(src, d, found.values, found.hot, found.dropped, marked);
  for (const n of found.hot)
    if (found.values.has(n.id) && n.type === d.call)
      r.note(n, `${calleeName(n)}() → ${d.literal(found.values.get(n.id)!)}`);
  const { text, at: keptAt } = takeMarks(r.text(tree.rootNode));
  let after = text;
  let rewritten = parser.parse(after)!;
  if (rewritten.rootNode.hasError) {
    return {
      ...unchanged("cleanup's rewrite of this file would not parse: left as it was (please report it)"),
      leftovers: leftoversIn(tree.rootNode, d, calls, names, false).map((l) => ({
        ...l,
        reason: `${l.reason}; the rewrite would not parse, so the file was left as it was`,
      })),
    };
  }
  const imports = UNUSED_IMPORTS[d.id]?.(tree, rewritten, after);
  const importEdits = imports?.edits ?? [];
  if (imports && imports.edits.length) {
    after = applyEdits(after, 0, after.length, imports.edits);
    for (const name of imports.removed) {
      const stmt = tree.rootNode
        .descendantsOfType(d.id === 'java' ? 'import_declaration' : ['import_statement', 'import_spec'])
        .find((n) => n !== null && new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(n.text));
      r.actions.push({
        line: (stmt?.startPosition.row ?? -1) + 1,
        change: `removed the import of ${name}, which the rewrite left unused`,
      });
    }
    rewritten = parser.parse(after)!;
  }
  return {
    before: source,
    after: bom + after,
    actions: r.actions,
    leftovers: [
      ...leftoversIn(rewritten.rootNode, d, calls, names, false),
      ...keptVariables(found.kept, keptAt, importEdits, after),
      ...(d.id === 'go'
        ? unusedGoLocals(
            tree.rootNode,
            rewritten.rootNode,
            namesPassed(found.hot.filter((n) => n.type === d.call && found.values.has(n.id))),
          )
        : []),
    ].sort((a, b) => a.line - b.line || a.column - b.column),
  };
}

interface KeptVariable extends TrackedVariable {
  flag: string;
}

/** A variable kept: listed where the result holds it, unless its code went. */
function keptVariables(kept: KeptVariable[], at: Map<number, number>, later: Edit[], text: string): Leftover[] {
  const out: Leftover[] = [];
  for (const [i, k] of kept.entries()) {
    let offset = at.get(i);
    if (offset === undefined) continue;
    for (const e of later) if (e.end <= offset) offset += e.text.length - (e.end - e.start);
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    out.push({
      name: k.flag,
      line: text.slice(0, offset).split('\n').length,
      column: offset - lineStart + 1,
      reason: `its value is kept in the variable ${k.name}, which cleanup could not follow: the variable and its uses stay as they were`,
    });
  }
  return out;
}

function flagSites(
  root: Node,
  callType: string,
  lists: ReadonlySet<string>,
  calls: FlagCalls,
  flags: Map<string, boolean>,
  lang: LanguageId,
) {
  const values = new Map<number, boolean>();
  const hot: Node[] = [];
  const dropped = new Set<number>();
  const kept: KeptVariable[] = [];
  for (const call of root.descendantsOfType(callType)) {
    if (!call) continue;
    const name = calleeName(call);
    const arg = firstArgument(call);
    const value = arg ? flags.get(stringValue(arg) ?? '') : undefined;
    if (!name || !calls.boolean.has(name) || value === undefined) continue;
    values.set(call.id, value);
    hot.push(call);
    const v = track[lang](call, lists) ?? wrapped(call, lang, lists);
    if (!v) continue;
    if (!v.complete && v.uses.length === 0) {
      kept.push({ ...v, flag: stringValue(arg!)! });
      continue;
    }
    for (const u of v.uses) {
      values.set(u.id, value);
      hot.push(u);
    }
    if (v.complete) {
      dropped.add(v.declaration.id);
      hot.push(v.declaration);
    }
  }
  return { values, hot, dropped, kept };
}

/** `(…)`, `!…`, `not …`: what leaves a value the flag's, negated or not. */
const negates = (n: Node) =>
  n.type === 'parenthesized_expression' ||
  n.type === 'not_operator' ||
  (n.type === 'unary_expression' && n.children[0]?.type === '!');

/**
 * `on := !c.IsEnabled("x")`, `const off = !useFlag('x')`: the variable holds the flag's value
 * negated, which cleanup does not follow; the call becomes the literal, and the variable is kept
 * and listed. (A value chosen by the flag, `flag ? 'a' : 'b'`, is an ordinary value.)
 */
function wrapped(call: Node, lang: LanguageId, lists: ReadonlySet<string>): TrackedVariable | null {
  let top = call;
  while (top.parent && negates(top.parent)) top = top.parent;
  if (top.id === call.id) return null;
  const v = track[lang](top, lists);
  return v && { declaration: v.declaration, uses: [], complete: false, name: v.name };
}

const UNUSED_IMPORTS: Partial<Record<LanguageId, typeof unusedImportEdits>> = {
  js: unusedImportEdits,
  go: unusedGoImportEdits,
  java: unusedJavaImportEdits,
};

const track: Record<LanguageId, (call: Node, lists: ReadonlySet<string>) => TrackedVariable | null> = {
  js: trackVariable,
  python: trackPythonVariable,
  go: trackGoVariable,
  java: trackJavaVariable,
};

/** Where a file cleanup does not rewrite names a flag between quotes. */
function textLeftovers(source: string, flags: string[], reason: string): Leftover[] {
  const out: Leftover[] = [];
  source.split('\n').forEach((line, i) => {
    for (const f of flags) {
      for (const q of ['"', "'", '`']) {
        const col = line.indexOf(`${q}${f}${q}`);
        if (col >= 0) {
          out.push({ name: f, line: i + 1, column: col + 1, reason });
          break;
        }
      }
    }
  });
  return out;
}
