import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';

// A private CA and a real CONNECT proxy that speaks TLS, both on loopback and made at test
// time with openssl: nothing is downloaded.

export interface PrivateCa {
  /** The CA certificate as a file, for --ca-file. */
  caFile: string;
  /** A key and certificate signed by the CA, for 127.0.0.1 and `name`. */
  leaf(name: string): { key: Buffer; cert: Buffer };
  remove(): void;
}

export function privateCa(): PrivateCa {
  const dir = mkdtempSync(join(tmpdir(), 'flagctl-private-ca-'));
  const at = (f: string) => join(dir, f);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', cwd: dir });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=flagctl test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
  );
  let n = 0;
  return {
    caFile: at('ca.pem'),
    leaf(name) {
      const id = `leaf${++n}`;
      openssl(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${name}`,
        '-keyout',
        at(`${id}.key`),
        '-out',
        at(`${id}.csr`),
      );
      const ext = at(`${id}.ext`);
      execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1,DNS:%s\\n' "$1" > "$2"`, 'sh', name, ext]);
      openssl(
        'x509',
        '-req',
        '-in',
        at(`${id}.csr`),
        '-CA',
        at('ca.pem'),
        '-CAkey',
        at('ca.key'),
        '-CAcreateserial',
        '-days',
        '1',
        '-extfile',
        ext,
        '-out',
        at(`${id}.pem`),
      );
      return { key: readFileSync(at(`${id}.key`)), cert: readFileSync(at(`${id}.pem`)) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TlsProxy {
  port: number;
  /** Each CONNECT request: its target and the Proxy-Authorization it carried. */
  connects: { target: string; authorization?: string }[];
  close(): Promise<void>;
}

/** An https:// CONNECT proxy that asks for `authorization` and tunnels every target to `tunnelTo` on loopback. */
export async function tlsProxy(
  cert: { key: Buffer; cert: Buffer },
  tunnelTo: number,
  authorization: string,
): Promise<TlsProxy> {
  const connects: TlsProxy['connects'] = [];
  const sockets = new Set<Socket>();
  const server = createTlsServer(cert, (client: TLSSocket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.off('data', onData);
      const lines = head.slice(0, end).split('\r\n');
      const target = /^CONNECT (\S+) HTTP\/1\.1$/.exec(lines[0]!)?.[1] ?? '';
      const auth = lines.find((l) => /^proxy-authorization:/i.test(l))?.replace(/^[^:]*:\s*/, '');
      connects.push({ target, authorization: auth });
      if (auth !== authorization)
        return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
      const upstream = connect(tunnelTo, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        upstream.write(Buffer.from(head.slice(end + 4), 'latin1'));
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
