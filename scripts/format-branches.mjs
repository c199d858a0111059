// "Commands never branch on the format": a command builds a view, and the adapter of the
// format the user picked renders it (src/output/formats/). The build fails on a command that
// compares the format, or anything named format or output, with a value, switches on it, or
// looks it up in a list. The framework (src/cli), which turns -o into an adapter and checks
// the options' format rules, is not in src/commands, so it is not read.
//
// Blunt like post-sites.mjs: it reads the sources without comments, and a match is a reason
// to move the decision into the view or an adapter.
import { code, sources } from './post-sites.mjs';
import { formatsIn } from './format-registry.mjs';

/** The format names: the adapter files in src/output/formats/ (scripts/format-registry.mjs). */
export function formatNames(srcDir) {
  return formatsIn(srcDir).map((f) => f.name);
}

function patterns(names) {
  const name = `(?:${names.join('|')})`;
  const subject = String.raw`(?:\b\w+\.)*\b(?:format|output)\b`;
  return [
    new RegExp(String.raw`${subject}\s*[!=]==?`),
    new RegExp(String.raw`[!=]==?\s*${subject}`),
    new RegExp(String.raw`[!=]==?\s*(['"\x60])${name}\1`),
    new RegExp(String.raw`(['"\x60])${name}\1\s*[!=]==?`),
    new RegExp(String.raw`\bcase\s+(['"\x60])${name}\1`),
    new RegExp(String.raw`\bswitch\s*\(\s*${subject}\s*\)`),
    new RegExp(String.raw`\.(?:includes|has|indexOf)\(\s*${subject}\s*\)`),
    new RegExp(String.raw`\[\s*${subject}\s*\]`),
  ];
}

/** `file:line: text` for every format branch in src/commands (files: path under src → text). */
export function formatBranches(files, names) {
  const checks = patterns(names);
  const found = [];
  for (const [path, text] of files) {
    if (!path.startsWith('commands/')) continue;
    code(text)
      .split('\n')
      .forEach((line, i) => {
        if (checks.some((re) => re.test(line))) found.push(`src/${path}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

export function assertNoFormatBranches(srcDir) {
  const found = formatBranches(sources(srcDir), formatNames(srcDir));
  if (found.length)
    throw new Error(
      `a command branches on the format (scripts/format-branches.mjs); build a view and let the adapters render it:\n  ${found.join('\n  ')}`,
    );
}
