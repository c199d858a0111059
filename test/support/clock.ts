import type { Clock } from '../../src/io.js';

/** A clock that moves only when the test says so: timers run in order as it passes them. */
export class ManualClock implements Clock {
  private time: number;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  /** `start`: the time it shows first (ms since the epoch; 0 unless a test needs real dates). */
  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Moves time on by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }

  /** When the next timer falls due, if any is set. */
  nextDue(): number | undefined {
    return this.timers.length ? Math.min(...this.timers.map((t) => t.at)) : undefined;
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.length;
  }
}

/**
 * A manual clock that moves itself: once the work it serves is idle (`busy()` false, and the
 * event loop has had a few turns to deliver what was already sent), it jumps straight to its
 * next timer. A wait costs no real time, and what happens in it is what would happen if every
 * request on loopback took no time next to the wait, which is the case the waits are made for.
 */
export class SkippingClock extends ManualClock {
  private scheduled = false;

  /**
   * `busy`: while true, time stands still. `turns`: event-loop turns of idleness before a jump
   * (more where replies cross several loopback hops, e.g. TLS fronts in the same process).
   */
  constructor(
    private readonly busy: () => boolean = () => false,
    opts: { start?: number; turns?: number } = {},
  ) {
    super(opts.start);
    this.turns = opts.turns ?? 5;
  }

  private readonly turns: number;

  override setTimeout(fn: () => void, ms: number): number {
    const id = super.setTimeout(fn, ms);
    this.schedule();
    return id;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    void (async () => {
      // Yielding is not waiting: no timer of the real clock is involved, only the event loop.
      for (let idle = 0; idle < this.turns;) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        idle = this.busy() ? 0 : idle + 1;
      }
      this.scheduled = false;
      const next = this.nextDue();
      if (next === undefined) return;
      this.advance(next - this.now());
      if (this.pending > 0) this.schedule();
    })();
  }
}
