import type { Node } from 'web-tree-sitter';
import { named } from './tree.js';

// `const on = useFlag('x')` (JavaScript and TypeScript): each use of `on` is the flag's value,
// and when every use is, the declaration goes. A name that may be declared again in a nested
// scope is not a use; then the declaration stays, so that no name is left undeclared.

const SCOPES =
  /^(statement_block|function_declaration|function_expression|function|arrow_function|method_definition|generator_function|generator_function_declaration|for_statement|for_in_statement|catch_clause|class_declaration|class|class_body)$/;
const BINDING_PARENTS =
  /^(variable_declarator|formal_parameters|required_parameter|optional_parameter|rest_pattern|array_pattern|object_pattern|pair_pattern|assignment_pattern|object_assignment_pattern|catch_clause|function_declaration|class_declaration|arrow_function|function_expression|function|generator_function_declaration|import_specifier|namespace_import|import_clause)$/;

export interface TrackedVariable {
  declaration: Node;
  uses: Node[];
  /** Every use is known: the declaration can go. */
  complete: boolean;
  /** The variable's name: one kept is listed by it. */
  name: string;
}

export function trackVariable(call: Node, lists: ReadonlySet<string>): TrackedVariable | null {
  const declarator = call.parent;
  if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('value')?.id !== call.id) return null;
  const nameNode = declarator.childForFieldName('name');
  const declaration = declarator.parent;
  if (nameNode?.type !== 'identifier' || !declaration) return null;
  const name = nameNode.text;
  // `let`/`var` (it may be assigned again), one of several declarators, or a const outside a
  // block (exported, a module's, a loop's): its value becomes the literal, and the variable is
  // listed for a person, as a Go or Java variable is.
  const kept = { declaration, uses: [], complete: false, name };
  if (
    declaration.type !== 'lexical_declaration' ||
    declaration.childForFieldName('kind')?.text !== 'const' ||
    named(declaration).filter((c) => c.type === 'variable_declarator').length !== 1
  )
    return kept;
  const scope = declaration.parent;
  if (!scope || !lists.has(scope.type)) return kept;
  const uses: Node[] = [];
  let complete = true;
  for (const u of scope.descendantsOfType(['identifier', 'shorthand_property_identifier'])) {
    if (!u || u.text !== name || u.id === nameNode.id) continue;
    if (shadowed(u, scope, name)) complete = false;
    else uses.push(u);
  }
  return { declaration, uses, complete, name };
}

function shadowed(u: Node, scope: Node, name: string): boolean {
  for (let a = u.parent; a && a.id !== scope.id; a = a.parent) {
    if (SCOPES.test(a.type) && declares(a, name)) return true;
  }
  return false;
}

/** Whether a name is bound anywhere inside a node: more often than it is, never less. */
function declares(scope: Node, name: string): boolean {
  return scope
    .descendantsOfType(['identifier', 'shorthand_property_identifier_pattern'])
    .some(
      (n) =>
        n !== null &&
        n.text === name &&
        n.parent !== null &&
        (n.type === 'shorthand_property_identifier_pattern' || BINDING_PARENTS.test(n.parent.type)),
    );
}

/** Where a Python name is bound, or is a name that is not the variable (an attribute, a keyword). */
const PY_NOT_A_READ =
  /^(assignment|augmented_assignment|pattern_list|tuple_pattern|list_pattern|for_statement|for_in_clause|as_pattern_target|parameters|default_parameter|typed_parameter|typed_default_parameter|lambda_parameters|list_splat_pattern|dictionary_splat_pattern|function_definition|class_definition|global_statement|nonlocal_statement|aliased_import|dotted_name|named_expression|import_from_statement|import_statement)$/;

/**
 * Python: `on = client.is_enabled('x')` straight in a function's body (or the module), the one
 * binding of `on` there, every other `on` a read after it. Anything else (a second assignment,
 * a parameter, a loop target, a use before it, a binding inside an `if` or a class) keeps the
 * variable, which is then listed.
 */
export function trackPythonVariable(call: Node): TrackedVariable | null {
  const assignment = call.parent;
  if (assignment?.type !== 'assignment' || assignment.childForFieldName('right')?.id !== call.id) return null;
  const nameNode = assignment.childForFieldName('left');
  const statement = assignment.parent;
  if (nameNode?.type !== 'identifier' || statement?.type !== 'expression_statement') return null;
  const name = nameNode.text;
  // What cleanup cannot follow keeps the literal in the variable, and is listed for a person.
  const kept = { declaration: statement, uses: [], complete: false, name };
  const list = statement.parent;
  const scope =
    list?.type === 'module'
      ? list
      : list?.type === 'block' && list.parent?.type === 'function_definition'
        ? list
        : null;
  if (!scope) return kept;
  const uses: Node[] = [];
  for (const u of scope.descendantsOfType('identifier')) {
    if (!u || u.text !== name || u.id === nameNode.id) continue;
    const p = u.parent;
    // An attribute's own name (`obj.on`) or a keyword (`f(on=1)`) is not the variable.
    if (p?.type === 'attribute' && p.childForFieldName('attribute')?.id === u.id) continue;
    if (p?.type === 'keyword_argument' && p.childForFieldName('name')?.id === u.id) continue;
    if (!p || PY_NOT_A_READ.test(p.type) || u.startIndex < statement.endIndex) return kept;
    uses.push(u);
  }
  return { declaration: statement, uses, complete: true, name };
}
