import { describeLimit, type RateLimitWait } from '../api/http/rate-limit.js';
import type { SearchProgress } from '../api/search.js';
import { clockOf, type IO } from '../io.js';
import { notice } from './context.js';

const CLEAR_LINE = '\r\u001b[K';

/** Waits of this or less pass without a word. */
const SILENT_WAIT_MS = 1000;

/**
 * "120 of 260" on stderr while pages arrive, only when stderr is a terminal. When stdout is
 * the same terminal and rows stream to it, the line is cleared before rows are written and
 * drawn again below them at the next page, so the two never mix on one line.
 *
 * A rate-limit wait longer than a moment is always said: one line on stderr when it is not a
 * terminal (a CI log shows why the job is quiet), a countdown on the progress line when it is.
 */
export class PageProgress {
  private shown = false;
  private last?: SearchProgress;
  private wait?: { w: RateLimitWait; end: number };
  /** What the waits are for, said after them ("searching for the archived flags"). */
  purpose?: string;

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
    this.draw();
  };

  /** For RateLimitPacer's onWait: says why nothing moves, and for how long. */
  readonly waiting = (w: RateLimitWait): (() => void) | void => {
    if (w.ms <= SILENT_WAIT_MS) return;
    if (!this.enabled) {
      notice(this.io, waitLine(w, this.purpose));
      return;
    }
    const clock = clockOf(this.io);
    const wait = { w, end: clock.now() + w.ms };
    this.wait = wait;
    this.draw();
    // Redrawn each second; a timer set anew each time, as the clock has no intervals.
    let ticker: unknown;
    const tick = () => {
      ticker = clock.setTimeout(() => {
        this.draw();
        tick();
      }, 1000);
    };
    tick();
    return () => {
      clock.clearTimeout(ticker);
      if (this.wait !== wait) return;
      this.wait = undefined;
      this.clear();
    };
  };

  /** "120 of 260", and while a wait lasts, its countdown after it. */
  private draw(): void {
    if (!this.enabled) return;
    const parts = this.last ? [`${this.last.received} of ${this.last.total}`] : [];
    if (this.wait) {
      const left = Math.max(1, Math.round((this.wait.end - clockOf(this.io).now()) / 1000));
      parts.push(waitLine({ ...this.wait.w, ms: left * 1000 }, this.purpose).replace(/^flagctl: /, ''));
    }
    if (parts.length === 0) return;
    this.io.stderr.write(`${CLEAR_LINE}${parts.join('; ')}`);
    this.shown = true;
  }

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

/** `flagctl: the server allows 15 searches a minute; waiting 31 s (page 16 of 50)`, and what for when known. */
export function waitLine(w: RateLimitWait, purpose?: string): string {
  const allows = w.limit
    ? `the server allows ${describeLimit(w.limit, w.windowS === undefined ? undefined : w.windowS * 1000)}`
    : 'the server limits searches';
  const refused = w.refused ? ' and refused one (HTTP 429)' : '';
  const page = w.page ? ` (page ${w.page}${w.pages ? ` of ${w.pages}` : ''})` : '';
  const what = purpose ? ` before ${purpose}` : '';
  return `flagctl: ${allows}${refused}; waiting ${Math.max(1, Math.round(w.ms / 1000))} s${page}${what}`;
}
