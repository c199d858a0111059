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
  const quoted = (text: string, flag: string) => ['"', "'", '`'].some((q) => text.includes(`${q}${flag}${q}`));
  const walk = (n: Node) => {
    if (isComment(n)) {
      for (const f of flags) if (quoted(n.text, f)) at(n, f, 'named in a comment');
      return;
    }
    if (d.stringTypes.has(n.type) || n.type === 'template_string') {
      const v = stringValue(n);
      for (const f of flags) {
        if (v === f) at(n, f, reason(n, d, calls, testFile));
        else if (v === null && n.text.includes(f))
          at(n, f, 'inside a string with escapes or interpolation (a dynamic name?)');
      }
      return;
    }
    for (const c of n.children) if (c) walk(c);
  };
  walk(root);
  return out;
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
