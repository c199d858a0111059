import { createHash } from 'node:crypto';
import { RequestError } from '../../errors.js';

// Paging is complete or it fails (README "Paging"). Every pager (search, events, `api
// --paginate`) hands each page to one PageCheck, which holds the rules in one place:
// - `total` is a whole number of items, and a page never holds more than it leaves room for;
// - a page that repeats an earlier one (a server or cache that ignores offset) is an error,
//   not more data;
// - a hard bound from the first total: no page starts beyond twice that total plus five pages,
//   so a total that grows while we page is followed, but never forever (every page that is not
//   the end moves the offset on, so this bounds the pages too).
// An empty or short page is judged by the pager against the total (pageEnds below).

/** Pages of room beyond twice the first total, for a small set that grows while we page. */
const SLACK_PAGES = 5;

export class PageCheck {
  private pages = 0;
  private bound?: number;
  private firstTotal?: number;
  private readonly seen = new Map<string, number>();
  private start?: number;

  /** `what` names the list in messages: "search", "/api/admin/search/events". */
  constructor(
    private readonly what: string,
    private readonly pageSize: number,
  ) {}

  /** The number of pages read so far. */
  get count(): number {
    return this.pages;
  }

  /**
   * One page as it arrived: the offset asked for, its items' identity (compared with earlier
   * pages), and its `total` (undefined when the server sends none). Throws RequestError.
   */
  page(
    offset: number,
    items: readonly unknown[],
    total: number | undefined,
    identity: (item: unknown) => string = (i) => JSON.stringify(i),
  ): void {
    const n = ++this.pages;
    this.start ??= offset;
    if (total !== undefined) {
      if (!Number.isSafeInteger(total) || total < 0) {
        throw new RequestError(
          `${this.what}: page ${n} (offset ${offset}) reports total ${total}, not a whole number of items; the answer breaks the API contract`,
        );
      }
      if (this.bound === undefined && (items.length > 0 || offset === 0)) {
        this.firstTotal = total;
        this.bound = 2 * total + SLACK_PAGES * this.pageSize;
      }
      if (items.length > 0 && offset + items.length > total) {
        throw new RequestError(
          `${this.what}: page ${n} (offset ${offset}) holds ${items.length} items, more than its total of ${total} leaves room for; the server's count is wrong, so flagctl cannot tell when it has them all`,
        );
      }
    }
    if (this.bound !== undefined && offset - this.start! > this.bound) {
      throw new RequestError(
        `${this.what}: stopped at page ${n} (offset ${offset}): the first page counted ${this.firstTotal} items, and flagctl reads at most twice that (plus ${SLACK_PAGES} pages) while the total grows`,
      );
    }
    if (items.length === 0) return;
    const key = createHash('sha1');
    for (const item of items) key.update(identity(item)).update('\u0000');
    const digest = key.digest('base64');
    const earlier = this.seen.get(digest);
    if (earlier !== undefined) {
      throw new RequestError(
        `${this.what}: page ${n} (offset ${offset}) repeats page ${earlier}; the server seems to ignore offset, so the list cannot be read whole`,
      );
    }
    this.seen.set(digest, n);
  }

  /** An empty page before the total was reached: the rest cannot be read. */
  emptyBeforeTotal(offset: number, received: number, total: number): RequestError {
    return new RequestError(
      `${this.what}: page ${this.pages} (offset ${offset}) was empty, but the server counts ${total} items and flagctl has received ${received}; the answer is incomplete`,
    );
  }
}
