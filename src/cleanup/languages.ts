import type { LanguageId } from './calls.js';
import type { GrammarName } from './grammars.js';

// What cleanup knows of each language's syntax tree (tree-sitter's node types).

export interface Dialect {
  id: LanguageId;
  grammar: GrammarName;
  /** The literals of the two values. */
  literal: (on: boolean) => string;
  /** Node types of a call, its callee's last name and its argument list. */
  call: string;
  stringTypes: ReadonlySet<string>;
  /** Node types that hold a list of statements, and where the statements are. */
  lists: ReadonlySet<string>;
  /** Statements that, left at the top of a block, would leak out of it when unwrapped. */
  declarations: ReadonlySet<string>;
  /** Operands that read and do nothing else: dropping one changes nothing. */
  pure: ReadonlySet<string>;
  boolLiterals: Record<string, boolean>;
  and: ReadonlySet<string>;
  or: ReadonlySet<string>;
  not: ReadonlySet<string>;
  /** Python needs a statement where a block would be empty; braces languages do not. */
  emptyBody: string | null;
  braces: boolean;
}

/** What differs between the languages: their node types. */
type Shape = Pick<Dialect, 'id' | 'grammar' | 'call'> & {
  stringTypes: string[];
  lists: string[];
  declarations: string[];
  pure: string[];
};

/** TS/JS, Go and Java share their literals and operators; only their node types differ. */
const bracesDialect = (s: Shape): Dialect => ({
  ...s,
  stringTypes: new Set(s.stringTypes),
  lists: new Set(s.lists),
  declarations: new Set(s.declarations),
  pure: new Set(s.pure),
  literal: (on) => (on ? 'true' : 'false'),
  boolLiterals: { true: true, false: false },
  and: new Set(['&&']),
  or: new Set(['||']),
  not: new Set(['!']),
  emptyBody: null,
  braces: true,
});

const js = (grammar: GrammarName): Dialect =>
  bracesDialect({
    id: 'js',
    grammar,
    call: 'call_expression',
    stringTypes: ['string'],
    lists: ['program', 'statement_block'],
    declarations: [
      'lexical_declaration',
      'class_declaration',
      'function_declaration',
      'generator_function_declaration',
      'abstract_class_declaration',
      'enum_declaration',
      'type_alias_declaration',
      'interface_declaration',
    ],
    pure: [
      'identifier',
      'member_expression',
      'this',
      'true',
      'false',
      'number',
      'string',
      'null',
      'undefined',
      'property_identifier',
    ],
  });

export const DIALECTS: Record<GrammarName, Dialect> = {
  typescript: js('typescript'),
  tsx: js('tsx'),
  javascript: js('javascript'),
  python: {
    id: 'python',
    grammar: 'python',
    literal: (on) => (on ? 'True' : 'False'),
    call: 'call',
    stringTypes: new Set(['string']),
    lists: new Set(['module', 'block']),
    declarations: new Set(),
    pure: new Set(['identifier', 'attribute', 'true', 'false', 'none', 'integer', 'string']),
    boolLiterals: { True: true, False: false },
    and: new Set(['and']),
    or: new Set(['or']),
    not: new Set(['not']),
    emptyBody: 'pass',
    braces: false,
  },
  go: bracesDialect({
    id: 'go',
    grammar: 'go',
    call: 'call_expression',
    stringTypes: ['interpreted_string_literal', 'raw_string_literal'],
    lists: ['block', 'source_file'],
    declarations: ['short_var_declaration', 'var_declaration', 'const_declaration', 'type_declaration'],
    pure: ['identifier', 'selector_expression', 'true', 'false', 'nil', 'int_literal', 'interpreted_string_literal'],
  }),
  java: bracesDialect({
    id: 'java',
    grammar: 'java',
    call: 'method_invocation',
    stringTypes: ['string_literal'],
    lists: ['block', 'program'],
    declarations: [
      'local_variable_declaration',
      'class_declaration',
      'record_declaration',
      'interface_declaration',
      'enum_declaration',
    ],
    pure: [
      'identifier',
      'field_access',
      'this',
      'true',
      'false',
      'null_literal',
      'decimal_integer_literal',
      'string_literal',
    ],
  }),
};

/** The grammar for a file, by its extension; null for a file cleanup does not parse. */
export function grammarOf(path: string): GrammarName | null {
  const ext = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  switch (ext) {
    case 'ts':
    case 'mts':
    case 'cts':
      return 'typescript';
    case 'tsx':
      return 'tsx';
    case 'js':
    case 'jsx':
    case 'mjs':
    case 'cjs':
      return 'javascript';
    case 'py':
      return 'python';
    case 'go':
      return 'go';
    case 'java':
      return 'java';
    default:
      return null;
  }
}
