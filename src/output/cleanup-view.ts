import type { Kept } from '../cleanup/keep.js';
import type { TreeCleanup } from '../cleanup/tree-cleanup.js';
import { leftoversOf } from '../cleanup/tree-cleanup.js';
import { write } from '../io.js';
import { notice, type Ui } from './context.js';
import type { DocumentView } from './render.js';
import { termSafe } from './sanitize.js';

// cleanup's output: the patch (the files' own bytes to a pipe, where `git apply` reads them;
// escaped and coloured on a terminal, where a person reads them), or with -o json every edit
// and every leftover. Leftovers are told on stderr too.

export function cleanupView(kept: Kept[], result: TreeCleanup, written: boolean): DocumentView<never> {
  const leftovers = leftoversOf(result);
  return {
    kind: 'document',
    document: () => ({
      flags: kept.map((k) => ({ name: k.flag, keep: k.keep ? 'on' : 'off', from: k.source })),
      written,
      files: result.files.filter((f) => f.changed).map((f) => ({ file: f.file, edits: f.actions, patch: f.patch })),
      leftovers,
    }),
    table: async (ui) => {
      const changed = result.files.filter((f) => f.changed);
      if (written) {
        for (const f of changed) await write(ui.io.stdout, `${ui.tty ? termSafe(f.file) : f.file}\n`);
      } else {
        for (const f of changed) await write(ui.io.stdout, ui.tty ? terminalPatch(ui, f.patch) : f.patch);
      }
      for (const l of leftovers) notice(ui.io, `${l.file}:${l.line}:${l.column}: ${l.name}: ${l.reason}`);
      const verb = written ? 'edited' : 'would edit';
      notice(
        ui.io,
        `flagctl cleanup: ${verb} ${changed.length} file${changed.length === 1 ? '' : 's'}; ${leftovers.length} leftover${leftovers.length === 1 ? '' : 's'}`,
      );
    },
  };
}

function terminalPatch(ui: Ui, patch: string): string {
  const s = ui.style;
  return patch
    .split('\n')
    .map((line) => {
      const safe = termSafe(line.replace(/\r$/, ''));
      if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ')) return s.bold(safe);
      if (line.startsWith('@@')) return s.cyan(safe);
      if (line.startsWith('+')) return s.green(safe);
      if (line.startsWith('-')) return s.red(safe);
      return safe;
    })
    .join('\n');
}
