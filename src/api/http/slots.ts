/**
 * Requests in flight at once, shared by every client of a run: a diff of two servers reads
 * both at once, and the two together stay within the run's limit (issue 22: never more than
 * 8 in flight by default). A slot is held from sending a request until its body is read.
 */
export class RequestSlots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(send: () => Promise<T>): Promise<T> {
    if (this.used >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.used++;
    try {
      return await send();
    } finally {
      // The slot passes straight to the next waiter, so none can be overtaken.
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    }
  }
}
