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

/**
 * Circles known when the output adapters, cleanup and this check met, to be taken apart (see
 * docs/contributing.md): a circle all of whose files are here passes, any other fails. In
 * output/, the Ui and the Adapter name each other's types, and formats.ts loads the adapters
 * lazily; cleanup's rewrite and its if-chain and list steps call each other.
 */
const KNOWN = [
  /^src\/output\/(context|formats|view|rows|github|table)\.ts$/,
  /^src\/output\/formats\/[a-z]+\.ts$/,
  /^src\/cleanup\/(rewrite|if-chain|lists)\.ts$/,
];
const known = (cycle) => cycle.every((path) => KNOWN.some((re) => re.test(path)));

/** The circles that are not among the known ones. */
export const newCycles = (metafile) => importCycles(metafile).filter((c) => !known(c));

/** Throws, listing every circle, when the sources of `srcDir` (or a metafile's inputs) have one. */
export function assertNoCycles(srcDirOrMetafile) {
  const cycles = newCycles(typeof srcDirOrMetafile === 'string' ? sourceGraph(srcDirOrMetafile) : srcDirOrMetafile);
  if (cycles.length) throw new Error(`import circles in src/:\n  ${cycles.map((c) => c.join(' -> ')).join('\n  ')}`);
}
