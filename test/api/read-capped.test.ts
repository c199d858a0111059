import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readCapped } from '../../src/api/http/response.js';
import { RequestError } from '../../src/errors.js';

// readCapped reads a body with the stream's events (not `for await`, whose internals cost every
// start): it must settle exactly as the iterator did, never with a short text.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** One GET to a server on 127.0.0.1 that answers with `answer`; resolves with the response. */
async function respond(answer: (res: import('node:http').ServerResponse) => void): Promise<IncomingMessage> {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, resolve).on('error', reject).end();
  });
}

const fromChunks = (chunks: Buffer[]) => Readable.from(chunks) as unknown as IncomingMessage;

describe('readCapped', () => {
  it('reads a whole body, a character split between chunks decoded once', async () => {
    const euro = Buffer.from('€');
    const body = fromChunks([Buffer.from('{"a":"'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('"}')]);
    await expect(readCapped(body, 1024, 200)).resolves.toBe('{"a":"€"}');
  });

  it('refuses a body over the cap and stops reading it', async () => {
    const res = await respond((r) => r.end('x'.repeat(5000)));
    const read = readCapped(res, 1000, 200);
    await expect(read).rejects.toThrow(RequestError);
    await expect(read).rejects.toThrow('larger than 0 MiB');
    expect(res.destroyed).toBe(true);
  });

  it('a connection closed mid-body rejects with the reset, never with the part read', async () => {
    const res = await respond((r) => {
      r.writeHead(200, { 'content-length': '100' });
      r.write('{"partial":');
      setTimeout(() => r.socket?.destroy(), 20);
    });
    await expect(readCapped(res, 1024, 200)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('a stream destroyed with an error rejects with that error', async () => {
    const res = await respond((r) => {
      r.writeHead(200, { 'content-length': '100' });
      r.write('{');
    });
    const read = readCapped(res, 1024, 200);
    const boom = Object.assign(new Error('stalled'), { code: 'FLAGCTL_BODY_TIMEOUT' });
    setTimeout(() => res.destroy(boom), 20);
    await expect(read).rejects.toBe(boom);
  });

  it('a stream closed before its end without an error is a premature close', async () => {
    const body = new Readable({ read() {} });
    body.push('{"partial":');
    const read = readCapped(body as unknown as IncomingMessage, 1024, 200);
    setTimeout(() => body.destroy(), 10);
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE', message: 'Premature close' });
  });
});
