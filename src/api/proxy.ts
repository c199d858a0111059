import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionOptions, TLSSocket } from 'node:tls';

// Proxy support for node:http, as curl reads it: HTTPS_PROXY / HTTP_PROXY / NO_PROXY.
// Both http and https targets go through a CONNECT tunnel, so the proxy never sees the
// token of an https request in the clear.

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/** The proxy URL for a target, or undefined when it is to be reached directly. */
export function proxyFor(target: URL, settings: ProxySettings | undefined): URL | undefined {
  if (!settings) return undefined;
  const proxy = target.protocol === 'https:' ? settings.httpsProxy : settings.httpProxy;
  if (!proxy || bypassed(target, settings.noProxy)) return undefined;
  return new URL(proxy.includes('://') ? proxy : `http://${proxy}`);
}

/** NO_PROXY: `*`, host names (a leading `.` or none: the domain and its subdomains), IPs, optional `:port`. */
export function bypassed(target: URL, noProxy: string | undefined): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return (noProxy ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((raw) => {
      if (raw === '*') return true;
      const lower = raw.toLowerCase();
      // A bare IPv6 address has colons of its own; a port follows only `[addr]` or a name.
      const m = (lower.split(':').length > 2 && !lower.startsWith('[') ? null : /^(.*?)(?::(\d+))?$/.exec(lower)) ?? [lower, lower, undefined];
      const entry = m[1]!.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
      if (m[2] && m[2] !== port) return false;
      return host === entry || host.endsWith(`.${entry}`);
    });
}

type Done = (err: Error | null, socket?: Duplex) => void;

/** What a tunnel needs of node:net and node:tls, passed in so they load only when used. */
export interface SocketModules {
  netConnect: (port: number, host: string) => Socket;
  tlsConnect: (options: ConnectionOptions) => TLSSocket;
}

/** Opens a CONNECT tunnel through the proxy to host:port. */
function tunnel(mods: SocketModules, proxy: URL, host: string, port: number, timeoutMs: number, done: (err: Error | null, socket?: Socket) => void): void {
  const socket = mods.netConnect(Number(proxy.port || 80), proxy.hostname);
  const fail = (err: Error) => {
    socket.destroy();
    done(err);
  };
  socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error('proxy connect timeout'), { code: 'FLAGCTL_CONNECT_TIMEOUT' })));
  socket.once('error', fail);
  socket.once('connect', () => {
    const auth = proxy.username
      ? `proxy-authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n`
      : '';
    socket.write(`CONNECT ${host}:${port} HTTP/1.1\r\nhost: ${host}:${port}\r\n${auth}\r\n`);
  });
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    socket.off('data', onData);
    socket.off('error', fail);
    socket.setTimeout(0);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    if (status !== 200) return fail(Object.assign(new Error(`the proxy refused the tunnel (HTTP ${status || '?'})`), { code: 'FLAGCTL_PROXY' }));
    const rest = Buffer.from(head.slice(end + 4), 'latin1');
    if (rest.length) socket.unshift(rest);
    done(null, socket);
  };
  socket.on('data', onData);
}

type ConnectOptions = ConnectionOptions & { host?: string | null; port?: number | string | null };

/**
 * A `createConnection` for an http.Agent or https.Agent that reaches the target through a
 * CONNECT tunnel; for https, TLS runs inside the tunnel, end to end with the server.
 */
export function tunnelConnector(mods: SocketModules, proxy: URL, secure: boolean, timeoutMs: number, tls: ConnectionOptions = {}) {
  return (options: ConnectOptions, done: Done): undefined => {
    const host = options.host ?? 'localhost';
    const port = Number(options.port ?? (secure ? 443 : 80));
    tunnel(mods, proxy, host, port, timeoutMs, (err, socket) => {
      if (err || !socket) return done(err ?? new Error('no tunnel'));
      if (!secure) return done(null, socket);
      const wrapped = mods.tlsConnect({ ...tls, ...options, host, socket, servername: options.servername ?? host });
      const onError = (e: Error) => done(e);
      wrapped.once('error', onError);
      wrapped.once('secureConnect', () => {
        wrapped.off('error', onError);
        done(null, wrapped);
      });
    });
    return undefined;
  };
}
