import type { Node } from 'web-tree-sitter';
import type { Dialect } from './languages.js';
import { applyEdits, children, named, type Edit } from './tree.js';

// What a known flag value makes of an expression. A value is either a constant (the flag, or
// what it decides) or text: the expression rewritten. Only what the flag decides is folded: a
// `true` the code had before stays as it was.

export type Val = { c: boolean } | { t: string; node: Node };

export interface ExprHost {
  src: string;
  d: Dialect;
  /** The flag's value at a call or a use of its variable. */
  known(n: Node): boolean | undefined;
  /** Whether a known node lies inside n. */
  touches(n: Node): boolean;
  /** The rewritten text of any node (statements inside expressions, e.g. a callback's body). */
  text(n: Node): string;
  /** The node's text with its children rewritten (never the node's own rule: no loop). */
  rebuild(n: Node): string;
  note(n: Node, what: string): void;
}

/** What the statement rewrites (if-chain.ts, lists.ts) ask of the rewriter (rewrite.ts's Rewriter). */
export interface StatementHost extends ExprHost {
  /** Whether the statement goes as a whole (a declaration whose every use is known). */
  dropsStatement(n: Node): boolean;
  /** What marks a kept variable's statement in the result, so that it can be listed there; '' for others. */
  markOf(n: Node): string;
}

/** Results that need no parentheses where an operand stood. */
const ATOMIC =
  /^(identifier|member_expression|call_expression|call|attribute|selector_expression|method_invocation|field_access|true|false|jsx_element|jsx_self_closing_element|jsx_fragment|parenthesized_expression|subscript_expression|this)$/;

const OPERAND_OF =
  /^(unary_expression|binary_expression|not_operator|boolean_operator|ternary_expression|conditional_expression|parenthesized_expression|jsx_expression)$/;

export function render(h: ExprHost, v: Val): string {
  return 'c' in v ? h.d.literal(v.c) : v.t;
}

const isPure = (h: ExprHost, v: Val) => 'c' in v || h.d.pure.has(v.node.type);

function operator(n: Node): string | undefined {
  return (n.childForFieldName('operator') ?? children(n).find((c) => !c.isNamed))?.type;
}

export function val(h: ExprHost, n: Node, bool: boolean): Val {
  const k = h.known(n);
  if (k !== undefined) return { c: k };
  if (!h.touches(n)) return { t: n.text, node: n };
  const d = h.d;
  const t = n.type;
  if (t === 'parenthesized_expression' && named(n).length === 1) {
    const inner = val(h, named(n)[0]!, bool);
    if ('c' in inner) return inner;
    // Parentheses an operator needed may go once its operand is atomic; those a statement
    // (while, return) or an arrow's body needs stay.
    const strip = OPERAND_OF.test(n.parent?.type ?? '') && ATOMIC.test(inner.node.type) && inner.t === inner.node.text;
    if (strip) return inner;
    const first = named(n)[0]!;
    return {
      t: h.src.slice(n.startIndex, first.startIndex) + inner.t + h.src.slice(first.endIndex, n.endIndex),
      node: n,
    };
  }
  if ((t === 'unary_expression' || t === 'not_operator') && d.not.has(operator(n) ?? '')) {
    const arg = n.childForFieldName('argument') ?? n.childForFieldName('operand') ?? named(n)[0]!;
    const v = val(h, arg, true);
    if ('c' in v) return { c: !v.c };
    return { t: h.src.slice(n.startIndex, arg.startIndex) + v.t, node: n };
  }
  if (t === 'binary_expression' || t === 'boolean_operator' || t === 'comparison_operator') {
    const op = operator(n) ?? '';
    const [l, r] = [n.childForFieldName('left') ?? named(n)[0]!, n.childForFieldName('right') ?? named(n)[1]!];
    if (d.and.has(op) || d.or.has(op)) return logical(h, n, d.and.has(op), l, r, bool);
    if (['==', '===', '!=', '!==', 'is', 'is not'].includes(op)) {
      const eq = equality(h, op, l, r);
      if (eq) return eq;
    }
  }
  if (t === 'ternary_expression' || t === 'conditional_expression') {
    const [a, cond, b] =
      t === 'conditional_expression'
        ? named(n)
        : [n.childForFieldName('consequence'), n.childForFieldName('condition'), n.childForFieldName('alternative')];
    const c = val(h, cond!, true);
    if ('c' in c) {
      h.note(n, 'ternary: kept one side');
      return val(h, c.c ? a! : b!, bool);
    }
    // The test is a condition (`x && true` is x there), the two sides are values.
    const edits = childEdits(h, n).filter((e) => e.start !== cond!.startIndex);
    edits.push({ start: cond!.startIndex, end: cond!.endIndex, text: render(h, c) });
    return { t: applyEdits(h.src, n.startIndex, n.endIndex, edits), node: n };
  }
  return { t: h.rebuild(n), node: n };
}

function logical(h: ExprHost, n: Node, and: boolean, l: Node, r: Node, bool: boolean): Val {
  const L = val(h, l, bool);
  // The left side decides first: these folds hold for the value, not only for a condition.
  if ('c' in L) return L.c === and ? val(h, r, bool) : L;
  const R = val(h, r, bool);
  if ('c' in R && bool) {
    // `x && true` is x as a condition; `x && false` is false when x only reads.
    if (R.c === and) return L;
    if (isPure(h, L)) return R;
  }
  return { t: render(h, L) + h.src.slice(l.endIndex, r.startIndex) + render(h, R), node: n };
}

function equality(h: ExprHost, op: string, l: Node, r: Node): Val | undefined {
  const literal = (x: Node) => h.d.boolLiterals[x.text];
  const [kl, kr] = [val(h, l, false), val(h, r, false)];
  const pair: [Val, boolean | undefined][] = [
    [kl, literal(r)],
    [kr, literal(l)],
  ];
  for (const [v, lit] of pair) {
    if ('c' in v && lit !== undefined) {
      const same = v.c === lit;
      return { c: op.startsWith('!') || op === 'is not' ? !same : same };
    }
  }
  return undefined;
}

/** Edits of a node's children, each child rewritten where a known node lies in it. */
export function childEdits(h: ExprHost, n: Node): Edit[] {
  const out: Edit[] = [];
  for (const c of children(n)) {
    if (!h.touches(c)) continue;
    const text = h.text(c);
    if (text === '' && JSX_PARENT.test(n.type)) out.push(ownLine(h.src, c));
    else if (text !== c.text) out.push({ start: c.startIndex, end: c.endIndex, text });
  }
  return out;
}

const JSX_PARENT = /^jsx_(element|fragment)$/;

/** A JSX child that renders nothing now: its whole line when it stood alone on one. */
function ownLine(src: string, c: Node): Edit {
  const lineStart = src.lastIndexOf('\n', c.startIndex - 1) + 1;
  const nl = src.indexOf('\n', c.endIndex);
  const alone =
    lineStart > 0 &&
    nl >= 0 &&
    /^[ \t]*$/.test(src.slice(lineStart, c.startIndex)) &&
    /^[ \t]*\r?$/.test(src.slice(c.endIndex, nl));
  return alone ? { start: lineStart, end: nl + 1, text: '' } : { start: c.startIndex, end: c.endIndex, text: '' };
}
