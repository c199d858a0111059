import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';

// Loopback servers that end a connection in each way a proxy or a server can before an
// answer. One behaviour serves both roles: for a proxy it acts on the CONNECT request, for a
// server on the GET.

export type Fault =
  /** Closes as soon as the connection is accepted, before reading anything. */
  | 'close-on-accept'
  /** Reads the request head, then closes without a byte of answer. */
  | 'close-after-request'
  /** Half a status line, then close. */
  | 'partial-status'
  /** A status line and part of the headers, then close. */
  | 'partial-head'
  /** Reads the request head and sends FIN, but keeps its side open for reading. */
  | 'half-close'
  /** Reads the request and never answers. */
  | 'stall'
  /** Proxy only: `200 Connection established`, then close. */
  | 'established-close'
  /** Proxy only: `200 Connection established`, then silence. */
  | 'established-stall'
  /** Proxy only: an answer that is not HTTP. */
  | 'not-http'
  /** Proxy only: 407 Proxy Authentication Required. */
  | '407'
  /** Proxy only: a working tunnel, to `tunnelTo`. */
  | 'tunnel';

export interface Listening {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  /** Whether it has gone silent on a connection ('stall', 'established-stall'): a test's clock may then pass the timeout. */
  stalled: boolean;
  /** Connections open now. */
  open: number;
  close(): Promise<void>;
}

interface Counter {
  connections: number;
  stalled: boolean;
}

async function listen(server: Server, sockets: Set<Socket>, counter: Counter): Promise<Listening> {
  server.on('connection', (s: Socket) => {
    counter.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const self = {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return counter.connections;
    },
    get stalled() {
      return counter.stalled;
    },
    get open() {
      return sockets.size;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return self;
}

/** A raw TCP server that misbehaves as `fault` says (or tunnels, for 'tunnel'). */
export function faultServer(fault: Fault, tunnelTo?: number): Promise<Listening> {
  const sockets = new Set<Socket>();
  const counter: Counter = { connections: 0, stalled: false };
  const server = createServer({ allowHalfOpen: fault === 'half-close' }, (socket) => {
    socket.on('error', () => undefined);
    if (fault === 'close-on-accept') return void socket.destroy();
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      act(socket, fault, tunnelTo, Buffer.from(head.slice(end + 4), 'latin1'));
      if (fault === 'stall' || fault === 'established-stall') counter.stalled = true;
    };
    socket.on('data', onData);
  });
  return listen(server, sockets, counter);
}

function act(socket: Socket, fault: Fault, tunnelTo: number | undefined, rest: Buffer): void {
  switch (fault) {
    case 'close-after-request':
      return void socket.destroy();
    case 'partial-status':
      return void socket.end('HTTP/1.1 20');
    case 'partial-head':
      return void socket.end('HTTP/1.1 200 OK\r\ncontent-type: appl');
    case 'half-close':
      return void socket.end();
    case 'stall':
      return;
    case 'established-close':
      return void socket.end('HTTP/1.1 200 Connection established\r\n\r\n');
    case 'established-stall':
      return void socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
    case 'not-http':
      return void socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n');
    case '407':
      return void socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="corp"\r\ncontent-length: 0\r\n\r\n',
      );
    case 'tunnel': {
      const upstream = connect(tunnelTo!, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
        if (rest.length) upstream.write(rest);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      return;
    }
    case 'close-on-accept':
      return void socket.destroy();
  }
}

export interface Certificate {
  key: Buffer;
  cert: Buffer;
  /** The certificate as a file, for --ca-file. */
  caFile: string;
  remove(): void;
}

/** A fresh self-signed certificate for 127.0.0.1 and `name`. */
export function certificate(name: string): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'flagctl-ca-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=IP:127.0.0.1,DNS:${name}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(join(dir, 'key.pem')),
    cert: readFileSync(join(dir, 'cert.pem')),
    caFile: join(dir, 'cert.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Terminates TLS and passes the clear bytes to a local port, both directions, ends included. */
export function tlsFront(cert: Certificate, port: number): Promise<Listening> {
  const sockets = new Set<Socket>();
  const server = createTlsServer({ key: cert.key, cert: cert.cert, allowHalfOpen: true }, (clear) => {
    const upstream = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    clear.pipe(upstream).pipe(clear);
    upstream.on('error', () => clear.destroy());
    clear.on('error', () => upstream.destroy());
    upstream.on('close', () => clear.destroy());
  });
  return listen(server as unknown as Server, sockets, { connections: 0, stalled: false });
}
