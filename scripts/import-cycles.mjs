// Import circles in src/: static, dynamic and type-only imports alike (a type-only import is
// erased at run time, but ties the two files together for a reader just as much). The build
// fails on any circle; the graph is read from the sources, as scripts/folder-rules.mjs reads it.
import { importsOf, sources } from './folder-rules.mjs';

/** The import graph of src/ in the shape of esbuild's metafile: src/-prefixed paths. */
export function sourceGraph(srcDir) {
  const inputs = {};
  for (const [path, source] of sources(srcDir)) {
    inputs[`src/${path}`] = { imports: importsOf(path, source).map(({ target }) => ({ path: `src/${target}` })) };
  }
  return { inputs };
}

/** Every circle among the bundle's inputs under src/, each as a list of paths. */
export function importCycles(metafile) {
  const graph = new Map();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (!path.startsWith('src/')) continue;
    graph.set(
      path,
      input.imports.map((i) => i.path).filter((p) => p.startsWith('src/')),
    );
  }
  const cycles = [];
  const state = new Map(); // 1: on the current path, 2: done
  const stack = [];
  const visit = (node) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Throws, listing every circle, when the sources of `srcDir` (or a metafile's inputs) have one. */
export function assertNoCycles(srcDirOrMetafile) {
  const cycles = importCycles(typeof srcDirOrMetafile === 'string' ? sourceGraph(srcDirOrMetafile) : srcDirOrMetafile);
  if (cycles.length) throw new Error(`import circles in src/:\n  ${cycles.map((c) => c.join(' -> ')).join('\n  ')}`);
}
