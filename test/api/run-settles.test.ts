import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { ManualClock } from '../support/clock.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { testIO } from '../support/io.js';
import { makeFeatures, pageOf, SEARCH_PATH } from '../support/search-fixture.js';

// main() returns only when the requests it started are over: the kit closes the run's clients
// when run() settles, and a closed client sends nothing more (no read-ahead page, no retry of
// a page its closing cut off). Otherwise a request of one run reaches the server during the next.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const all = makeFeatures(2500);

/** A stdout whose reader is gone after the first line, as `| head -1`. */
class ClosedAfterOne extends Writable {
  private writes = 0;
  override _write(_chunk: Buffer | string, _enc: BufferEncoding, done: (err?: Error) => void): void {
    done(this.writes++ === 0 ? undefined : Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  }
}

it('a listing cut short by a closed pipe leaves no page in flight and none to retry', async () => {
  // The first page is answered; the pages read ahead never are, so they are in flight when the run ends.
  server.route(SEARCH_PATH, (_req, res, url) => {
    if (url.searchParams.get('offset') === '0') sendJson(res, 200, pageOf(all, url));
  });
  const clock = new ManualClock();
  const io = testIO({ env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN }, clock });
  io.stdout = new ClosedAfterOne();
  expect(await main(['features', 'search', '--all', '-o', 'ndjson'], io)).toBe(0);
  // Its connections are closed: what it had written before is read by now.
  await server.settled();
  const sent = server.requests.length;
  // No pause before sending a cut-off page again, and nothing sent once time moves on.
  expect(clock.pending).toBe(0);
  clock.advance(60_000);
  await server.settled();
  expect(server.requests.length).toBe(sent);
});
