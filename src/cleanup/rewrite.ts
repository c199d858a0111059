import type { Node } from 'web-tree-sitter';
import { childEdits, render, val, type StatementHost, type Val } from './expressions.js';
import { ifChain, type Stmt } from './if-chain.js';
import type { Dialect } from './languages.js';
import { listEdits } from './lists.js';
import { applyEdits, lineIndent, type Edit } from './tree.js';

// One file's rewrite: the text of every node that holds a flag call, rebuilt from its children,
// with the rules of expressions.ts, if-chain.ts and lists.ts.

export interface Action {
  line: number;
  change: string;
}

const JSX = /^jsx_(element|self_closing_element|fragment)$/;

export class Rewriter implements StatementHost {
  readonly actions: Action[] = [];
  /** Ranges of the known nodes and of declarations that go, sorted by start. */
  private readonly hot: [number, number][];

  constructor(
    readonly src: string,
    readonly d: Dialect,
    private readonly values: Map<number, boolean>,
    hotNodes: Node[],
    /** Declarations whose every use is known: they go. */
    readonly dropped: Set<number>,
    /** Statements to find in the result (the variables kept and listed): each is marked there. */
    private readonly marked: ReadonlyMap<number, number> = new Map(),
  ) {
    this.hot = hotNodes.map((n) => [n.startIndex, n.endIndex] as [number, number]).sort((a, b) => a[0] - b[0]);
  }

  known(n: Node): boolean | undefined {
    return this.values.get(n.id);
  }

  touches(n: Node): boolean {
    // Linear is fine: a file names a flag a handful of times.
    return this.hot.some(([s, e]) => s >= n.startIndex && e <= n.endIndex);
  }

  note(n: Node, change: string): void {
    this.actions.push({ line: n.startPosition.row + 1, change });
  }

  text(n: Node): string {
    return this.markOf(n) + this.rewritten(n);
  }

  markOf(n: Node): string {
    const mark = this.marked.get(n.id);
    return mark === undefined ? '' : markOf(mark);
  }

  private rewritten(n: Node): string {
    if (!this.touches(n)) return n.text;
    const k = this.known(n);
    if (k !== undefined) {
      if (n.type === 'shorthand_property_identifier') return `${n.text}: ${this.d.literal(k)}`;
      return this.d.literal(k);
    }
    if (this.d.lists.has(n.type)) return applyEdits(this.src, n.startIndex, n.endIndex, listEdits(this, n));
    if (n.type === 'if_statement') return this.stmtText(n, ifChain(this, n));
    if (n.type === 'jsx_expression') return this.jsx(n);
    const v: Val = this.isExpression(n) ? val(this, n, false) : { t: this.rebuild(n), node: n };
    return render(this, v);
  }

  /** A statement outside a list (an if's body without braces): what stands for nothing there. */
  private stmtText(n: Node, s: Stmt): string {
    if (s.kind === 'text') return s.text;
    if (s.kind === 'remove') return this.d.braces ? '{}' : (this.d.emptyBody ?? '');
    return this.text(s.body);
  }

  rebuild(n: Node): string {
    return applyEdits(this.src, n.startIndex, n.endIndex, childEdits(this, n));
  }

  private isExpression(n: Node): boolean {
    return /^(parenthesized_expression|unary_expression|not_operator|binary_expression|boolean_operator|comparison_operator|ternary_expression|conditional_expression)$/.test(
      n.type,
    );
  }

  /** `{flag && <A/>}` and `{flag ? <A/> : <B/>}` among JSX children. */
  private jsx(n: Node): string {
    const inner = n.namedChildren.find((c) => c && c.type !== 'comment');
    if (!inner) return n.text;
    const v = val(this, inner, false);
    const inChildren = n.parent?.type === 'jsx_element' || n.parent?.type === 'jsx_fragment';
    if ('c' in v) {
      // React renders true and false as nothing.
      if (inChildren) return '';
      return `{${render(this, v)}}`;
    }
    if (inChildren && JSX.test(v.node.type)) return this.outdented(v.t, v.node, n);
    // `{flag ? (<A/>) : null}`: the kept element's parentheses were only the ternary's.
    const inside = v.node.type === 'parenthesized_expression' && v.t === v.node.text ? v.node.namedChildren[0] : null;
    if (inChildren && inside && JSX.test(inside.type)) return this.outdented(inside.text, inside, n);
    return `{${v.t}}`;
  }

  /** An element that stood on lines of its own inside `{...}` moves out to where the braces stood. */
  private outdented(text: string, element: Node, braces: Node): string {
    if (element.startPosition.row === braces.startPosition.row) return text;
    const outer = lineIndent(this.src, braces.startIndex);
    const inner = lineIndent(this.src, element.startIndex);
    if (!inner.startsWith(outer) || inner === outer) return text;
    const delta = inner.slice(outer.length);
    return text
      .split('\n')
      .map((line, i) => (i > 0 && line.startsWith(delta) ? line.slice(delta.length) : line))
      .join('\n');
  }

  dropsStatement(n: Node): boolean {
    return this.dropped.has(n.id);
  }
}

export type { Edit };

const MARK = '\u0000';
const markOf = (i: number) => `${MARK}${i}${MARK}`;

/** Whether marks can be told apart from the file's own text. */
export const canMark = (src: string) => !src.includes(MARK);

/** The text without its marks, and where each mark stood in it. */
export function takeMarks(text: string): { text: string; at: Map<number, number> } {
  const at = new Map<number, number>();
  let out = '';
  let from = 0;
  for (const m of text.matchAll(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'))) {
    out += text.slice(from, m.index);
    at.set(Number(m[1]), out.length);
    from = m.index + m[0].length;
  }
  return { text: out + text.slice(from), at };
}
