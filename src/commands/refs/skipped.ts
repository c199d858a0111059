import { CliError, ExitCode } from '../../errors.js';
import type { TreeStats } from '../../refs/scan.js';

// What `flagctl refs` says about files it did not read although no rule asked it to (issue 20):
// one stderr line, and the gate's failure when the answer is incomplete.

/** A gate that could not read every file it was asked to judge fails (exit 1), unless --allow-skipped. */
export class SkippedFilesError extends CliError {
  readonly exitCode = ExitCode.requestFailed;
}

/**
 * The one stderr line: counts, the first few paths, and for the size cap, how to raise it.
 * '' when there is nothing to say.
 */
export function skippedLine(stats: TreeStats, maxFileKb: number): string {
  const part = (n: number, words: string, examples: string[], more = '') => {
    if (n === 0) return '';
    return `${n} ${words} (${examples.join(', ')}${n > examples.length ? ', …' : ''}${more})`;
  };
  const large = stats.skipped.large;
  const parts = [
    part(stats.skipped.unreadable, 'unreadable', stats.examples.unreadable),
    part(stats.skipped['bad-name'], 'with a name that is not UTF-8', stats.examples['bad-name']),
    // Not following links is a rule (rg's default), so they never fail a gate: said, not counted against it.
    part(stats.skipped.link, `symbolic link${stats.skipped.link === 1 ? '' : 's'} not followed`, stats.examples.link),
    // Fifos, sockets, devices (rg and git leave them out) and submodules git lists as one path
    // (another repository): said, not counted against a gate.
    part(
      stats.skipped.special,
      stats.skipped.special === 1 ? 'not a regular file' : 'not regular files',
      stats.examples.special,
    ),
    part(
      large,
      `over ${maxFileKb} KiB`,
      stats.examples.large,
      `; raise --max-file-kb to read ${large === 1 ? 'it' : 'them'}`,
    ),
  ].filter(Boolean);
  return parts.length === 0 ? '' : `flagctl: not read: ${parts.join('; ')}`;
}
