import type { IO } from '../io.js';

const CLEAR_LINE = '\r\u001b[K';

/**
 * "Reading features: 1200 of 5000" on stderr while a snapshot is read feature by feature,
 * only when stderr is a terminal; in a pipe or a CI log nothing is written (as
 * `features search --all` does), so stderr stays for diagnostics. Several sources (both sides
 * of a diff) add up into one line. Redrawn at most once per percent, and cleared at the end.
 */
export class ReadProgressLine {
  private readonly sources = new Map<string, { done: number; total: number }>();
  private shown = '';

  constructor(private readonly io: IO) {}

  /** The callback for one source (e.g. a server), for fetchSnapshot's `progress`. */
  for(source: string): (done: number, total: number) => void {
    return (done, total) => {
      this.sources.set(source, { done, total });
      this.draw();
    };
  }

  private draw(): void {
    if (!this.io.stderrIsTTY) return;
    let done = 0;
    let total = 0;
    for (const s of this.sources.values()) {
      done += s.done;
      total += s.total;
    }
    if (total === 0) return;
    const step = Math.max(1, Math.floor(total / 100));
    const line = `Reading features: ${done} of ${total}`;
    if (done !== total && done % step !== 0 && this.shown !== '') return;
    if (line === this.shown) return;
    this.io.stderr.write(`${CLEAR_LINE}${line}`);
    this.shown = line;
  }

  clear(): void {
    if (this.shown) this.io.stderr.write(CLEAR_LINE);
    this.shown = '';
  }
}
