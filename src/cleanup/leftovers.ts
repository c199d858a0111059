import type { Node } from 'web-tree-sitter';
import type { FlagCalls } from './calls.js';
import type { Dialect } from './languages.js';
import { calleeName, firstArgument, isComment, stringValue } from './tree.js';

// What names the flag after the rewrite, and why cleanup left it: each is for a person to see.

export interface Leftover {
  /** The flag's name. */
  name: string;
  line: number;
  column: number;
  reason: string;
}

const OBJECTS =
  /^(pair|object|dictionary|property|element_value_pair|keyed_element|literal_element|composite_literal)$/;
const ARRAYS = /^(array|list|tuple|set|array_initializer)$/;

export function leftoversIn(root: Node, d: Dialect, calls: FlagCalls, flags: string[], testFile: boolean): Leftover[] {
  const out: Leftover[] = [];
  const at = (n: Node, flag: string, reason: string) =>
    out.push({ name: flag, line: n.startPosition.row + 1, column: n.startPosition.column + 1, reason });
  // Inside a comment or a longer string, each place the name is: a block comment or a
  // multi-line string can open many lines above it.
  const within = (n: Node, flag: string, offsets: number[], reason: string) => {
    for (const i of offsets) out.push({ name: flag, ...placeIn(n, i), reason });
  };
  const walk = (n: Node) => {
    if (isComment(n)) {
      for (const f of flags) within(n, f, quotedAt(n.text, f), 'named in a comment');
      return;
    }
    if (d.stringTypes.has(n.type) || n.type === 'template_string') {
      const v = stringValue(n);
      for (const f of flags) {
        if (v === f) at(n, f, reason(n, d, calls, testFile));
        // Once per string: the name may also be part of the text around it (`x${suffix}`).
        else if (v === null && n.text.includes(f))
          within(n, f, [n.text.indexOf(f)], 'inside a string with escapes or interpolation (a dynamic name?)');
      }
      return;
    }
    for (const c of n.children) if (c) walk(c);
  };
  walk(root);
  return out;
}

/** Where each quoted mention of the flag starts (at its quote), in order. */
function quotedAt(text: string, flag: string): number[] {
  const quoted = (i: number) => ['"', "'", '`'].includes(text[i - 1]!) && text[i + flag.length] === text[i - 1];
  return offsetsOf(text, flag)
    .filter(quoted)
    .map((i) => i - 1);
}

function offsetsOf(text: string, flag: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(flag); i >= 0; i = text.indexOf(flag, i + flag.length)) at.push(i);
  return at;
}

/** The 1-based line and column of the character `offset` code units into node `n`'s text. */
function placeIn(n: Node, offset: number): { line: number; column: number } {
  const before = n.text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  const line = n.startPosition.row + 1 + (before.match(/\n/g)?.length ?? 0);
  return { line, column: lastBreak < 0 ? n.startPosition.column + 1 + offset : offset - lastBreak };
}

function reason(s: Node, d: Dialect, calls: FlagCalls, testFile: boolean): string {
  const args = s.parent;
  const call = args?.parent;
  if (call && call.type === d.call && firstArgument(call)?.id === s.id) {
    const name = calleeName(call) ?? '?';
    if (calls.variant.has(name)) return `a variant: ${name}() (its payload decides, not on/off)`;
    if (testFile) return `in a test file: ${name}() (a mock or a fixture; edit it by hand)`;
    if (calls.boolean.has(name)) return `${name}() where cleanup could not rewrite it`;
    return `passed as a value to ${name}()`;
  }
  if (testFile) return 'in a test file (a mock or a fixture; edit it by hand)';
  if (call && call.type === d.call) return `passed as a value to ${calleeName(call) ?? 'a call'}()`;
  if (args && OBJECTS.test(args.type)) return 'stored in an object';
  if (args && ARRAYS.test(args.type)) return 'stored in a list';
  return `used as a value (${args?.type ?? 'top level'})`;
}
