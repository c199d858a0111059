import { Worker } from 'node:worker_threads';
import { createScanner, type FileScan, type ScanSpec } from './scan-core.js';
import { createWasmFinder, delimsModule } from './scan-wasm.js';

// Worker threads that read and match files while the main thread walks and writes. Each
// worker builds its own scanner from createScanner's source text (it imports nothing), so
// no separate worker file has to ship beside the bundle. Batches are answered in the order
// they were sent to each worker; the caller restores the overall order.

interface Task {
  resolve(results: FileScan[]): void;
  reject(err: Error): void;
}

const workerSource = () => `
const { parentPort } = require('node:worker_threads');
let scanner;
parentPort.on('message', (m) => {
  if (m.spec) {
    const finder = m.wasm ? (...a) => (${createWasmFinder.toString()})(m.wasm, ...a) : undefined;
    return void (scanner = (${createScanner.toString()})(m.spec, require('node:fs'), require('node:buffer'), finder));
  }
  parentPort.postMessage({ id: m.id, results: m.paths.map((p) => scanner.scanFile(p)) });
});
`;

export class ScanPool {
  private readonly workers: Worker[] = [];
  private readonly tasks = new Map<number, Task>();
  private nextId = 0;
  private turn = 0;
  private failure?: Error;
  private readonly specSent: Promise<void>;

  /**
   * The threads start at once, and build their scanners when the spec comes: they may be
   * started while the flags are still being fetched, so that a thread's start-up (tens of ms)
   * overlaps that wait instead of the scan. A spec that never comes leaves them idle until close.
   */
  constructor(spec: ScanSpec | Promise<ScanSpec>, size: number) {
    const source = workerSource();
    for (let i = 0; i < size; i++) {
      const w = new Worker(source, { eval: true });
      w.on('message', (m: { id: number; results: FileScan[] }) => {
        const task = this.tasks.get(m.id);
        this.tasks.delete(m.id);
        task?.resolve(m.results);
      });
      w.on('error', (err) => this.fail(err));
      w.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a scanning thread stopped (exit ${code})`));
      });
      this.workers.push(w);
    }
    // Before any batch: scan() posts its paths only after this.
    this.specSent = Promise.resolve(spec).then((ready) =>
      this.workers.forEach((w) => w.postMessage({ spec: ready, wasm: delimsModule() })),
    );
    this.specSent.catch(() => undefined); // the scan throws it, from where it awaits the spec
  }

  get size(): number {
    return this.workers.length;
  }

  /** Batches sent and not yet answered. */
  get pending(): number {
    return this.tasks.size;
  }

  /** Reads and matches these files (absolute paths) on the next worker in turn. */
  scan(paths: string[]): Promise<FileScan[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const worker = this.workers[this.turn++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.tasks.set(id, { resolve, reject });
      void this.specSent.then(() => worker.postMessage({ id, paths }), reject);
    });
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const task of this.tasks.values()) task.reject(err);
    this.tasks.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
