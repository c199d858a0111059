import type { SearchProgress } from '../api/search.js';
import type { IO } from '../io.js';

const CLEAR_LINE = '\r\u001b[K';

/**
 * "120 of 260" on stderr while pages arrive, only when stderr is a terminal. When stdout is
 * the same terminal and rows stream to it, the line is cleared before rows are written and
 * drawn again below them at the next page, so the two never mix on one line.
 */
export class PageProgress {
  private shown = false;
  private last?: SearchProgress;

  constructor(
    private readonly io: IO,
    /** Rows are written to the terminal as they come (not a table drawn at the end). */
    private readonly rowsStreamToTerminal: boolean,
  ) {}

  get enabled(): boolean {
    return this.io.stderrIsTTY;
  }

  readonly update = (p: SearchProgress): void => {
    this.last = p;
    if (!this.enabled) return;
    this.io.stderr.write(`${CLEAR_LINE}${p.received} of ${p.total}`);
    this.shown = true;
  };

  clear(): void {
    if (this.shown) this.io.stderr.write(CLEAR_LINE);
    this.shown = false;
  }

  /** The latest progress reported, if any page arrived. */
  get latest(): SearchProgress | undefined {
    return this.last;
  }

  /** Passes rows through, keeping the progress line off the lines they are written on. */
  async *around<T>(rows: AsyncIterable<T>): AsyncGenerator<T> {
    try {
      for await (const row of rows) {
        if (this.rowsStreamToTerminal) this.clear();
        yield row;
      }
    } finally {
      this.clear();
    }
  }
}
