import type { Node } from 'web-tree-sitter';
import { val, render, type StatementHost } from './expressions.js';
import { ifChain } from './if-chain.js';
import { applyEdits, isComment, lastStatement, lineIndent, named, type Edit } from './tree.js';

// A list of statements (a block, a file): statements the flag decides go or are replaced by
// the branch they keep, whose block is unwrapped when nothing declared in it would leak out.
// A removed statement takes its line with it, and a comment on the same line.

type Out = { remove: true } | { text: string };

const TERMINAL = /^(return_statement|throw_statement|raise_statement)$/;
const HOISTED = /^(function_declaration|generator_function_declaration)$/;
const MULTILINE_STRING = /^(string|template_string|string_literal|raw_string_literal|text_block)$/;

export function listEdits(r: StatementHost, list: Node): Edit[] {
  const kids = named(list);
  const outs: (Out | undefined)[] = kids.map(() => undefined);
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (!r.touches(c)) continue;
    const { out, terminal } = statement(r, c);
    outs[i] = out;
    if ('remove' in out) {
      // A comment that ends the removed statement's line goes with it.
      const next = kids[i + 1];
      if (next && isComment(next) && next.startPosition.row === c.endPosition.row) outs[++i] = { remove: true };
    }
    if (terminal && !kids.slice(i + 1).some((k) => HOISTED.test(k.type))) {
      if (i + 1 < kids.length) r.note(kids[i + 1]!, 'removed code after an early return');
      for (let j = i + 1; j < kids.length; j++) outs[j] = { remove: true };
      break;
    }
  }
  if (
    r.d.emptyBody &&
    list.type === 'block' &&
    kids.every((k, i) => isComment(k) || (outs[i] && 'remove' in outs[i]!))
  ) {
    const first = kids.findIndex((k) => !isComment(k));
    if (first >= 0) outs[first] = { text: r.d.emptyBody };
  }
  return toEdits(r, list, kids, outs);
}

function statement(r: StatementHost, c: Node): { out: Out; terminal?: boolean } {
  if (r.dropsStatement(c)) {
    r.note(c, 'removed the declaration: every use is now the literal');
    return { out: { remove: true } };
  }
  if (c.type === 'if_statement') {
    const s = ifChain(r, c);
    if (s.kind === 'remove') return { out: { remove: true } };
    if (s.kind === 'text') return { out: { text: s.text } };
    const text = spliced(r, c, s.body);
    if (text === null) return { out: { remove: true } };
    const last = /block/.test(s.body.type) ? lastStatement(s.body) : s.body;
    return { out: { text }, terminal: last !== undefined && TERMINAL.test(last.type) };
  }
  if (c.type === 'expression_statement') {
    const e = named(c).find((k) => !isComment(k));
    if (e) {
      const v = val(r, e, true);
      if ('c' in v) return { out: { remove: true } };
      return {
        out: {
          text:
            r.markOf(c) +
            applyEdits(r.src, c.startIndex, c.endIndex, [{ start: e.startIndex, end: e.endIndex, text: render(r, v) }]),
        },
      };
    }
  }
  return { out: { text: r.text(c) } };
}

/** The kept branch in place of the if: its statements, dedented, or the block where that is not safe. */
function spliced(r: StatementHost, ifNode: Node, body: Node): string | null {
  if (!/block/.test(body.type)) return r.text(body);
  const inner = named(body);
  if (inner.length === 0) return null;
  const leaks = inner.some((k) => r.d.declarations.has(k.type));
  const multiline = body
    .descendantsOfType([...MULTILINE_STRING.source.slice(2, -2).split('|')])
    .some((s) => s && s.startPosition.row !== s.endPosition.row);
  if (leaks || (multiline && r.d.braces)) return r.text(body);
  // Python: dedenting would change the string's text, so the block stays under `if True:`.
  if (multiline)
    return `if ${r.d.literal(true)}:${r.src.slice(r.src.lastIndexOf(':', body.startIndex) + 1, body.startIndex)}${r.text(body)}`;
  let text = r.text(body);
  if (r.d.braces) text = text.slice(1, -1);
  text = text.replace(/^\s+/, '').replace(/\s+$/, '');
  if (text === '') return null;
  const outer = lineIndent(r.src, ifNode.startIndex);
  const first = lineIndent(r.src, inner[0]!.startIndex);
  const delta = first.startsWith(outer) ? first.slice(outer.length) : '';
  return text
    .split('\n')
    .map((line, i) => (i > 0 && delta && line.startsWith(delta) ? line.slice(delta.length) : line))
    .join('\n');
}

function toEdits(r: StatementHost, list: Node, kids: Node[], outs: (Out | undefined)[]): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < kids.length; i++) {
    const o = outs[i];
    if (!o) continue;
    if ('text' in o) {
      if (o.text !== kids[i]!.text) edits.push({ start: kids[i]!.startIndex, end: kids[i]!.endIndex, text: o.text });
      continue;
    }
    let j = i;
    while (j + 1 < kids.length && outs[j + 1] && 'remove' in outs[j + 1]!) j++;
    const s = kids[i]!.startIndex;
    const e = kids[j]!.endIndex;
    const before = r.src.slice(list.startIndex, s);
    const nl = before.lastIndexOf('\n');
    if (nl >= 0 && /^[ \t]*$/.test(before.slice(nl + 1))) {
      let start = list.startIndex + nl;
      if (r.src[start - 1] === '\r') start--;
      edits.push(tidied(r.src, list, kids, i, j, start, e));
    } else if (j + 1 < kids.length) {
      edits.push({ start: s, end: kids[j + 1]!.startIndex, text: '' });
    } else {
      edits.push({ start: i > 0 ? kids[i - 1]!.endIndex : s, end: e, text: '' });
    }
    i = j;
  }
  return edits;
}

/**
 * The removal of kids i..j from the newline before them (`start`) to their end, taking the blank
 * lines its leaves at the start or end of the list, or doubled, as a formatter would.
 */
function tidied(src: string, list: Node, kids: Node[], i: number, j: number, start: number, end: number): Edit {
  const lastBreakBefore = (at: number) => {
    const q = src.slice(end, at).search(/\S/);
    const upTo = q < 0 ? at : end + q;
    const p = src.lastIndexOf('\n', upTo - 1);
    return p > end ? (src[p - 1] === '\r' ? p - 1 : p) : end;
  };
  const blankBefore = i > 0 && /\n[ \t]*\r?$/.test(src.slice(kids[i - 1]!.endIndex, start));
  if (j + 1 < kids.length) {
    // Blank lines after the removed ones go when nothing stands above them in the list or a
    // blank line already does.
    if (i === 0 || blankBefore) return { start, end: lastBreakBefore(kids[j + 1]!.startIndex), text: '' };
  } else if (blankBefore) {
    // The list's last lines: the blank line above them would be left before its end.
    return { start: kids[i - 1]!.endIndex, end, text: '' };
  }
  return { start, end, text: '' };
}
