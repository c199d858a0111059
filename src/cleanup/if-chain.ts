import type { Node } from 'web-tree-sitter';
import { render, val, type StatementHost } from './expressions.js';
import { children, lineIndent, named, isComment } from './tree.js';

// `if` / `else if` / `else` chains, in the four shapes of the grammars (JS and Java wrap the
// condition in parentheses, Go does not, Python has elif clauses). A clause whose condition the
// flag makes false goes; the first that it makes true becomes the chain's last branch.

export type Stmt = { kind: 'text'; text: string } | { kind: 'remove' } | { kind: 'splice'; body: Node };

interface Clause {
  cond: Node;
  body: Node;
  /** The clause node (if_statement, elif_clause) whose `:` starts a Python body. */
  owner: Node;
}

interface Chain {
  clauses: Clause[];
  final: Clause | null;
}

const unparen = (n: Node) =>
  n.type === 'parenthesized_expression' || n.type === 'condition' ? (named(n).find((c) => !isComment(c)) ?? n) : n;

function chainOf(r: StatementHost, n: Node): Chain | null {
  const clauses: Clause[] = [];
  let at: Node | null = n;
  while (at) {
    if (at.childForFieldName('initializer')) return null;
    const cond = at.childForFieldName('condition');
    const body = at.childForFieldName('consequence');
    if (!cond || !body) return null;
    clauses.push({ cond: unparen(cond), body, owner: at });
    if (r.d.id === 'python') {
      for (const alt of children(at).filter((_, i) => at!.fieldNameForChild(i) === 'alternative')) {
        if (alt.type === 'elif_clause') {
          const c = alt.childForFieldName('condition');
          const b = alt.childForFieldName('consequence');
          if (!c || !b) return null;
          clauses.push({ cond: c, body: b, owner: alt });
        } else {
          const b = alt.childForFieldName('body');
          if (!b) return null;
          return { clauses, final: { cond: b, body: b, owner: alt } };
        }
      }
      return { clauses, final: null };
    }
    let alt = at.childForFieldName('alternative');
    if (alt?.type === 'else_clause') alt = named(alt).find((c) => !isComment(c)) ?? null;
    if (!alt) return { clauses, final: null };
    if (alt.type !== 'if_statement') return { clauses, final: { cond: alt, body: alt, owner: alt } };
    at = alt;
  }
  return null;
}

export function ifChain(r: StatementHost, n: Node): Stmt {
  const chain = chainOf(r, n);
  if (!chain || !chain.clauses.some((c) => r.touches(c.cond))) return { kind: 'text', text: r.rebuild(n) };
  const kept: { cond: string; clause: Clause }[] = [];
  let final = chain.final;
  for (const clause of chain.clauses) {
    const v = val(r, clause.cond, true);
    if ('c' in v) {
      r.note(clause.cond, v.c ? 'if: kept this branch' : 'if: removed this branch');
      if (v.c) {
        final = clause;
        break;
      }
      continue;
    }
    kept.push({ cond: render(r, v), clause });
  }
  if (kept.length === 0) return final ? { kind: 'splice', body: final.body } : { kind: 'remove' };
  return { kind: 'text', text: renderChain(r, n, kept, final) };
}

function pythonGap(r: StatementHost, owner: Node, body: Node): string {
  const colon = children(owner).find((c) => c.type === ':' && c.endIndex <= body.startIndex);
  return colon ? r.src.slice(colon.endIndex, body.startIndex) : ' ';
}

function renderChain(
  r: StatementHost,
  n: Node,
  kept: { cond: string; clause: Clause }[],
  final: Clause | null,
): string {
  if (r.d.id === 'python') {
    const eol = r.src.includes('\r\n') ? '\r\n' : '\n';
    const indent = lineIndent(r.src, n.startIndex);
    const parts = kept.map(
      ({ cond, clause }, i) =>
        `${i === 0 ? 'if' : `${eol}${indent}elif`} ${cond}:${pythonGap(r, clause.owner, clause.body)}${r.text(clause.body)}`,
    );
    if (final) parts.push(`${eol}${indent}else:${pythonGap(r, final.owner, final.body)}${r.text(final.body)}`);
    return parts.join('');
  }
  const paren = r.d.id !== 'go';
  const parts = kept.map(({ cond, clause }) => `if ${paren ? `(${cond})` : cond} ${r.text(clause.body)}`);
  if (final) parts.push(r.text(final.body));
  return parts.join(' else ');
}
