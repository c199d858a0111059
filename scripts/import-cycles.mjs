// Import circles in src/, as the bundle sees them: static and dynamic imports alike (type-only
// imports are erased by then, as they are at run time). The build fails on any circle.

/** Every circle among the bundle's inputs under src/, each as a list of paths. */
export function importCycles(metafile) {
  const graph = new Map();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (!path.startsWith('src/')) continue;
    graph.set(path, input.imports.map((i) => i.path).filter((p) => p.startsWith('src/')));
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

export function assertNoCycles(metafile) {
  const cycles = importCycles(metafile);
  if (cycles.length) throw new Error(`import circles in src/:\n  ${cycles.map((c) => c.join(' -> ')).join('\n  ')}`);
}
