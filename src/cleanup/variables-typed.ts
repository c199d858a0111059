import type { Node } from 'web-tree-sitter';
import { children, named } from './tree.js';
import type { TrackedVariable } from './variables.js';

// Go and Java: `enabled := c.IsEnabled("x")`, `var on = …`, `boolean on = u.isEnabled("x");`.
// A local whose initializer is just the flag call, every later occurrence of its name either
// a plain read of it or a name that is not it (a shadow, a field, a method): the reads become
// the literal and the declaration goes. Anything else (a write, `&on`, a use cleanup cannot
// place) keeps the variable as it was, and it is listed: Go refuses a declared name left unused,
// so it is all or nothing.

/** A read of the variable; a write or a use not understood; or a name that is not the variable. */
type Role = 'read' | 'other' | 'not-it' | { scope: Node; from: number };

const GO_READ =
  /^(binary_expression|parenthesized_expression|argument_list|if_statement|for_statement|expression_switch_statement|send_statement|index_expression|return_statement)$/;
const JAVA_READ =
  /^(binary_expression|unary_expression|parenthesized_expression|condition|argument_list|ternary_expression|return_statement|array_initializer|lambda_expression|yield_statement|cast_expression)$/;
const JAVA_NOT_A_VARIABLE =
  /^(method_declaration|constructor_declaration|class_declaration|interface_declaration|enum_declaration|record_declaration|labeled_statement|break_statement|continue_statement|element_value_pair)$/;

const field = (p: Node, name: string, u: Node) => p.childForFieldName(name)?.id === u.id;

export function trackGoVariable(call: Node): TrackedVariable | null {
  const list = call.parent;
  if (list?.type !== 'expression_list') return null;
  const values = named(list);
  let statement = list.parent;
  let names: (Node | null)[] = [];
  if (statement?.type === 'short_var_declaration' && field(statement, 'right', list)) {
    names = named(statement.childForFieldName('left')!);
  } else if (statement?.type === 'var_spec' && field(statement, 'value', list)) {
    names = statement.childrenForFieldName('name');
    statement = statement.parent?.type === 'var_declaration' ? statement.parent : null;
  }
  const nameNode = names.length === values.length ? names[values.findIndex((v) => v.id === call.id)] : null;
  if (!statement || nameNode?.type !== 'identifier' || nameNode.text === '_') return null;
  // `on, err := c.IsEnabled("x"), load()`: the initializer is more than the flag call.
  if (values.length !== 1) return { declaration: statement, uses: [], complete: false, name: nameNode.text };
  return follow(statement, nameNode, goRole);
}

export function trackJavaVariable(call: Node): TrackedVariable | null {
  const declarator = call.parent;
  if (declarator?.type !== 'variable_declarator' || !field(declarator, 'value', call)) return null;
  const statement = declarator.parent;
  const nameNode = declarator.childForFieldName('name');
  if (!statement || nameNode?.type !== 'identifier') return null;
  if (statement.type !== 'local_variable_declaration' && statement.type !== 'field_declaration') return null;
  if (named(statement).filter((c) => c.type === 'variable_declarator').length !== 1)
    return { declaration: statement, uses: [], complete: false, name: nameNode.text };
  return follow(statement, nameNode, javaRole);
}

/** Every later occurrence of the name in the declaration's block, placed; or the variable kept. */
function follow(statement: Node, nameNode: Node, role: (u: Node, block: Node) => Role): TrackedVariable {
  const name = nameNode.text;
  const kept: TrackedVariable = { declaration: statement, uses: [], complete: false, name };
  const block = statement.parent;
  // A package's or a class's variable may be read elsewhere: only a local is followed.
  if (block?.type !== 'block') return kept;
  const later = block
    .descendantsOfType('identifier')
    .filter((u): u is Node => u !== null && u.text === name && u.startIndex >= statement.endIndex);
  const roles = later.map((u) => role(u, block));
  const shadows = roles.filter((r) => typeof r === 'object');
  const uses: Node[] = [];
  for (const [i, u] of later.entries()) {
    const r = roles[i]!;
    if (typeof r === 'object' || r === 'not-it') continue;
    if (shadows.some((s) => u.startIndex >= s.from && u.endIndex <= s.scope.endIndex)) continue;
    if (r === 'other') return kept;
    uses.push(u);
  }
  return { declaration: statement, uses, complete: true, name };
}

/** Go's scopes: a `:=` or `var` opens a name from its end to its block's; a parameter its function. */
function goRole(u: Node, block: Node): Role {
  const p = u.parent!;
  const gp = p.parent;
  if (p.type === 'expression_list' && gp) {
    if (!field(gp, 'left', p))
      return /^(return_statement|short_var_declaration|assignment_statement|var_spec|range_clause)$/.test(gp.type)
        ? 'read'
        : 'other';
    const declares =
      gp.type === 'short_var_declaration' || (gp.type === 'range_clause' && children(gp).some((c) => c.type === ':='));
    if (!declares) return 'other';
    const owner = gp.parent?.type === 'for_clause' ? gp.parent.parent! : gp.parent!;
    if (owner.id === block.id || !/^(block|if_statement|for_statement|expression_switch_statement)$/.test(owner.type))
      return 'other';
    return { scope: owner, from: gp.endIndex };
  }
  if ((p.type === 'var_spec' || p.type === 'const_spec') && !field(p, 'value', u)) {
    const owner =
      p.parent?.type === 'var_declaration' || p.parent?.type === 'const_declaration' ? p.parent.parent : null;
    if (!owner || owner.id === block.id || owner.type !== 'block') return 'other';
    return { scope: owner, from: p.endIndex };
  }
  if (p.type === 'parameter_declaration' || p.type === 'variadic_parameter_declaration') {
    let fn: Node | null = p;
    while (fn && fn.type !== 'func_literal') fn = fn.parent;
    return fn ? { scope: fn, from: fn.startIndex } : 'other';
  }
  if (p.type === 'unary_expression') return children(p)[0]?.type === '&' ? 'other' : 'read';
  // `T{on: v}`: a key may be a struct's field; a value is a read.
  if (p.type === 'literal_element') return gp?.type === 'keyed_element' && named(gp)[0]?.id === p.id ? 'other' : 'read';
  return GO_READ.test(p.type) ? 'read' : 'other';
}

/** Java: a local cannot be declared again inside its scope but a nested class can: then it is kept. */
function javaRole(u: Node): Role {
  const p = u.parent!;
  if (JAVA_NOT_A_VARIABLE.test(p.type)) return field(p, 'name', u) || !/declaration$/.test(p.type) ? 'not-it' : 'other';
  if (p.type === 'method_invocation') return field(p, 'name', u) ? 'not-it' : 'other';
  if (p.type === 'field_access') return field(p, 'field', u) ? 'not-it' : 'other';
  if (p.type === 'variable_declarator') return field(p, 'value', u) ? 'read' : 'other';
  if (p.type === 'assignment_expression') return field(p, 'right', u) ? 'read' : 'other';
  return JAVA_READ.test(p.type) ? 'read' : 'other';
}
