import type { Node } from 'web-tree-sitter';
import type { Leftover } from './leftovers.js';
import { firstArgument, named, stringValue } from './tree.js';

// Go refuses a local declared and not used. A flag call that becomes the literal takes its own
// arguments with it (`c.IsEnabled("x", unleash.WithContext(ctx))`), and that can leave `ctx`
// unread. cleanup lists such a local rather than removing it: its initializer may do something
// a person wants kept.

const FUNCTIONS = ['function_declaration', 'method_declaration'];

/** The names each rewritten flag call read besides the flag's own, and that flag. */
export function namesPassed(calls: Node[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const call of calls) {
    const first = firstArgument(call);
    const flag = first && stringValue(first);
    const args = call.childForFieldName('arguments');
    if (!flag || !args) continue;
    for (const arg of named(args)) {
      if (arg.id === first.id) continue;
      for (const id of arg.descendantsOfType('identifier')) if (id && !out.has(id.text)) out.set(id.text, flag);
    }
  }
  return out;
}

/** Locals the rewrite left unread (they were read before), among those a flag call read. */
export function unusedGoLocals(before: Node, after: Node, passed: Map<string, string>): Leftover[] {
  if (passed.size === 0) return [];
  const was = new Set(unread(before).keys());
  const out: Leftover[] = [];
  for (const [key, declared] of unread(after)) {
    const flag = passed.get(declared.text);
    if (!flag || was.has(key)) continue;
    out.push({
      name: flag,
      line: declared.startPosition.row + 1,
      column: declared.startPosition.column + 1,
      reason: `the variable ${declared.text} is no longer read (the flag call that read it is gone), and Go refuses a variable declared and not used: remove it`,
    });
  }
  return out;
}

/**
 * Each named function's locals declared once and never read, keyed by function and name. A name
 * declared twice in a function (a shadow, a `:=` that assigns again) is left out: listing is
 * for what is certain.
 */
function unread(root: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const fn of root.descendantsOfType(FUNCTIONS)) {
    const body = fn?.childForFieldName('body');
    if (!fn || !body) continue;
    const where = `${fn.childForFieldName('receiver')?.text ?? ''}${fn.childForFieldName('name')?.text ?? ''}`;
    const declared = new Map<string, Node[]>();
    for (const d of body.descendantsOfType(['short_var_declaration', 'var_spec'])) {
      if (!d) continue;
      const left = d.type === 'short_var_declaration' ? d.childForFieldName('left') : null;
      const names = left ? named(left) : d.childrenForFieldName('name');
      for (const n of names)
        if (n?.type === 'identifier' && n.text !== '_') declared.set(n.text, [...(declared.get(n.text) ?? []), n]);
    }
    const reads = new Map<string, number>();
    for (const id of body.descendantsOfType('identifier'))
      if (id && declared.has(id.text)) reads.set(id.text, (reads.get(id.text) ?? 0) + 1);
    for (const [name, nodes] of declared)
      if (nodes.length === 1 && reads.get(name) === 1) out.set(`${where}/${name}`, nodes[0]!);
  }
  return out;
}
