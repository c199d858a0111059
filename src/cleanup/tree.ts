import type { Node } from 'web-tree-sitter';

// Small helpers over tree-sitter nodes and text edits.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The text of [start, end) with the edits (sorted, not overlapping, inside it) applied. */
export function applyEdits(src: string, start: number, end: number, edits: Edit[]): string {
  let out = '';
  let at = start;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at || e.end > end) throw new Error(`overlapping edit at ${e.start}`);
    out += src.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + src.slice(at, end);
}

export const named = (n: Node): Node[] => n.namedChildren.filter((c): c is Node => c !== null);
export const children = (n: Node): Node[] => n.children.filter((c): c is Node => c !== null);

/** The whitespace that starts the line holding `index`. */
export function lineIndent(src: string, index: number): string {
  const start = src.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(src.slice(start, index))![0];
}

/** The node's last named child that is not a comment. */
export function lastStatement(n: Node): Node | undefined {
  return named(n)
    .filter((c) => c.type !== 'comment' && c.type !== 'line_comment' && c.type !== 'block_comment')
    .at(-1);
}

export const isComment = (n: Node) => n.type === 'comment' || n.type === 'line_comment' || n.type === 'block_comment';

/** The plain value of a string literal: null when it has escapes, interpolation or a prefix. */
export function stringValue(n: Node): string | null {
  const t = n.text;
  if (t.length < 2 || /[\\$]|^[a-zA-Z]|^('''|""")/.test(t) || /\{/.test(t[0]!)) return null;
  const q = t[0]!;
  if (!`'"\``.includes(q) || t.at(-1) !== q) return null;
  return t.slice(1, -1);
}

/** The name a call calls: its callee's last identifier. */
export function calleeName(call: Node): string | null {
  const f = call.childForFieldName('function') ?? call.childForFieldName('name');
  if (!f) return null;
  if (call.type === 'method_invocation') return f.text;
  if (f.type === 'identifier') return f.text;
  const last = f.childForFieldName('property') ?? f.childForFieldName('attribute') ?? f.childForFieldName('field');
  return last?.text ?? null;
}

export function firstArgument(call: Node): Node | null {
  const args = call.childForFieldName('arguments');
  const first = args ? named(args).find((c) => !isComment(c)) : undefined;
  return first ?? null;
}
