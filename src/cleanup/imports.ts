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
    if (parts.length === 0) edits.push(lineRemoval(src, stmt));
    else edits.push({ start: clause.startIndex, end: clause.endIndex, text: parts.join(', ') });
  }
  return { edits, removed };
}

/** Go: an import spec whose package the rewrite left unused. */
export function unusedGoImportEdits(before: Tree, after: Tree, src: string): { edits: Edit[]; removed: string[] } {
  const edits: Edit[] = [];
  const removed: string[] = [];
  for (const spec of after.rootNode.descendantsOfType('import_spec')) {
    if (!spec) continue;
    const alias = spec.childForFieldName('name');
    const path = spec.childForFieldName('path')?.text.slice(1, -1) ?? '';
    const name =
      alias?.text ??
      path
        .split('/')
        .filter((p) => !/^v\d+$/.test(p))
        .at(-1) ??
      '';
    if (!name || name === '_' || name === '.') continue;
    if (
      uses(before.rootNode, name, 'import_declaration') > 0 &&
      uses(after.rootNode, name, 'import_declaration') === 0
    ) {
      removed.push(name);
      const single = spec.parent?.type === 'import_declaration' ? spec.parent : spec;
      edits.push(lineRemoval(src, single));
    }
  }
  return { edits, removed };
}

function lineRemoval(src: string, n: Node): Edit {
  const lineStart = src.lastIndexOf('\n', n.startIndex - 1) + 1;
  const whole = /^[ \t]*$/.test(src.slice(lineStart, n.startIndex));
  let end = n.endIndex;
  const nl = src.indexOf('\n', end);
  if (whole && /^[ \t;]*\r?$/.test(src.slice(end, nl < 0 ? src.length : nl))) end = nl < 0 ? src.length : nl + 1;
  return { start: whole ? lineStart : n.startIndex, end, text: '' };
}

export { applyEdits };
