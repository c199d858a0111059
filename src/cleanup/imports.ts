import type { Node, Tree } from 'web-tree-sitter';
import { applyEdits, named, type Edit } from './tree.js';

// Imports the rewrite left unused: a name used before and not after. An import unused before
// stays as it was: that is not cleanup's to judge.

const USES = ['identifier', 'type_identifier', 'shorthand_property_identifier', 'package_identifier'];

function uses(root: Node, name: string, importType: string): number {
  return root.descendantsOfType(USES).filter((n) => n !== null && n.text === name && !inside(n, importType)).length;
}

function inside(n: Node, type: string): boolean {
  for (let a: Node | null = n; a; a = a.parent) if (a.type === type) return true;
  return false;
}

/** JavaScript and TypeScript: the import statements, rebuilt without the names that went. */
export function unusedImportEdits(before: Tree, after: Tree, src: string): { edits: Edit[]; removed: string[] } {
  const edits: Edit[] = [];
  const removed: string[] = [];
  const gone = (local: Node) => {
    const name = local.text;
    const go =
      uses(before.rootNode, name, 'import_statement') > 0 && uses(after.rootNode, name, 'import_statement') === 0;
    if (go) removed.push(name);
    return go;
  };
  for (const stmt of after.rootNode.descendantsOfType('import_statement')) {
    const clause = stmt ? named(stmt).find((c) => c.type === 'import_clause') : undefined;
    if (!stmt || !clause) continue;
    const parts: string[] = [];
    let changed = false;
    for (const c of named(clause)) {
      if (c.type === 'identifier' || c.type === 'namespace_import') {
        const local = c.type === 'identifier' ? c : named(c).at(-1)!;
        if (gone(local)) changed = true;
        else parts.push(c.text);
      } else if (c.type === 'named_imports') {
        const specs = named(c).filter((s) => s.type === 'import_specifier');
        const kept = specs.filter((s) => !gone(s.childForFieldName('alias') ?? s.childForFieldName('name')!));
        if (kept.length !== specs.length) changed = true;
        if (kept.length)
          parts.push(kept.length === specs.length ? c.text : `{ ${kept.map((s) => s.text).join(', ')} }`);
      } else {
        parts.push(c.text);
      }
    }
    if (!changed) continue;
    if (parts.length === 0) edits.push(lineRemoval(src, stmt, true));
    else edits.push({ start: clause.startIndex, end: clause.endIndex, text: parts.join(', ') });
  }
  return { edits: openingBlanksToo(src, edits), removed };
}

/** Go: an import spec whose package the rewrite left unused; a group it empties goes whole. */
export function unusedGoImportEdits(before: Tree, after: Tree, src: string): { edits: Edit[]; removed: string[] } {
  const edits: Edit[] = [];
  const removed: string[] = [];
  for (const decl of after.rootNode.descendantsOfType('import_declaration')) {
    if (!decl) continue;
    const specs = decl.descendantsOfType('import_spec').filter((s): s is Node => s !== null);
    const gone = specs.filter((spec) => {
      const name = goPackageName(spec);
      if (!name) return false;
      const go =
        uses(before.rootNode, name, 'import_declaration') > 0 && uses(after.rootNode, name, 'import_declaration') === 0;
      if (go) removed.push(name);
      return go;
    });
    if (gone.length === 0) continue;
    if (gone.length === specs.length) edits.push(lineRemoval(src, decl, true));
    else for (const spec of gone) edits.push(lineRemoval(src, spec, true));
  }
  return { edits, removed };
}

/** The Unleash Go SDK's modules, whose package is `unleash` whatever their path's last element. */
const UNLEASH_GO = /^github\.com\/Unleash\/(unleash-client-go|unleash-go-sdk)(\/v\d+)?$/;

/**
 * The name a Go file knows an import by: its alias, else the package's own name, which is the
 * path's last element by convention (`/v4` and gopkg.in's `.v3` are versions, not names). A
 * last element that is no Go name (`unleash-client-go`) says nothing of the package: none.
 */
function goPackageName(spec: Node): string | null {
  const alias = spec.childForFieldName('name')?.text;
  if (alias) return alias === '_' || alias === '.' ? null : alias;
  const path = spec.childForFieldName('path')?.text.slice(1, -1) ?? '';
  if (UNLEASH_GO.test(path)) return 'unleash';
  const last = path
    .split('/')
    .filter((p) => !/^v\d+$/.test(p))
    .at(-1)
    ?.replace(/\.v\d+$/, '');
  return last && /^[A-Za-z_][A-Za-z0-9_]*$/.test(last) ? last : null;
}

/** Java: a single-type or static import whose name the rewrite left unused (not `.*`). */
export function unusedJavaImportEdits(before: Tree, after: Tree, src: string): { edits: Edit[]; removed: string[] } {
  const edits: Edit[] = [];
  const removed: string[] = [];
  for (const decl of after.rootNode.descendantsOfType('import_declaration')) {
    if (!decl || named(decl).some((c) => c.type === 'asterisk')) continue;
    const path = named(decl).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier');
    const name = path?.type === 'scoped_identifier' ? path.childForFieldName('name')?.text : path?.text;
    if (!name) continue;
    if (
      uses(before.rootNode, name, 'import_declaration') > 0 &&
      uses(after.rootNode, name, 'import_declaration') === 0
    ) {
      removed.push(name);
      edits.push(lineRemoval(src, decl, true));
    }
  }
  return { edits: openingBlanksToo(src, edits), removed };
}

/** The node's lines; `tidy`: no blank line is left doubled, or left before a group's `)`. */
function lineRemoval(src: string, n: Node, tidy = false): Edit {
  const lineStart = src.lastIndexOf('\n', n.startIndex - 1) + 1;
  const whole = /^[ \t]*$/.test(src.slice(lineStart, n.startIndex));
  let end = n.endIndex;
  const nl = src.indexOf('\n', end);
  if (whole && /^[ \t;]*\r?$/.test(src.slice(end, nl < 0 ? src.length : nl))) end = nl < 0 ? src.length : nl + 1;
  if (tidy && whole && lineStart > 0 && end > n.endIndex) {
    const previous = src.lastIndexOf('\n', lineStart - 2) + 1;
    const nextEnd = src.indexOf('\n', end);
    const next = src.slice(end, nextEnd < 0 ? src.length : nextEnd);
    if (/^[ \t]*\r?\n$/.test(src.slice(previous, lineStart)) && /^[ \t]*\)?[ \t]*\r?$/.test(next))
      return { start: previous, end, text: '' };
  }
  return { start: whole ? lineStart : n.startIndex, end, text: '' };
}

/**
 * Where the removals take every line the file opened with, the blank lines after them go too:
 * a file does not open with a blank line (a formatter would take it, and fail the patch).
 */
function openingBlanksToo(src: string, edits: Edit[]): Edit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let at = 0;
  let last: Edit | undefined;
  for (const e of sorted) {
    if (e.start !== at || e.text !== '' || !(e.end > at && src[e.end - 1] === '\n')) break;
    [at, last] = [e.end, e];
  }
  if (!last) return edits;
  let end = at;
  for (let next = src.indexOf('\n', end); next >= 0 && /^[ \t]*\r?$/.test(src.slice(end, next));)
    [end, next] = [next + 1, src.indexOf('\n', next + 1)];
  return edits.map((e) => (e === last ? { ...e, end } : e));
}

export { applyEdits };
