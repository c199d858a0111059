import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type FixtureServer } from './fixture-server.js';

/**
 * Counts the requests in flight across fixtures, and holds the answers of some routes so that
 * a client's pool fills: held answers go out together once `fill` of them wait (or every one
 * still expected), and the event loop has had a few turns to deliver any request beyond them.
 * No timer is involved: a turn is a setImmediate, as in SkippingClock.
 */
export class HeldAnswers {
  /** The most requests in flight at once, over every fixture watched. */
  peak = 0;
  private held: (() => void)[] = [];
  private answered = 0;
  private releasing = false;

  constructor(
    private readonly fill: number,
    /** How many held answers the run will ask for in all (the last round is smaller). */
    private readonly expected: number,
    private readonly turns = 10,
  ) {}

  /** Counts the requests in flight at these fixtures together, as each one arrives. */
  watch(...servers: FixtureServer[]): this {
    const count = () =>
      (this.peak = Math.max(
        this.peak,
        servers.reduce((n, s) => n + s.inFlight, 0),
      ));
    for (const s of servers) s.onRequest = count;
    return this;
  }

  /** A route handler that answers `body` once its round is released. */
  answer(body: unknown): (req: IncomingMessage, res: ServerResponse) => void {
    return (_req, res) => {
      this.held.push(() => sendJson(res, 200, body));
      void this.maybeRelease();
    };
  }

  private async maybeRelease(): Promise<void> {
    if (this.releasing || this.held.length < Math.min(this.fill, this.expected - this.answered)) return;
    this.releasing = true;
    // Turns for anything else the client has already sent to arrive and be counted.
    for (let i = 0; i < this.turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    const round = this.held.splice(0);
    this.answered += round.length;
    this.releasing = false;
    for (const send of round) send();
  }
}
