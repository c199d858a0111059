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

/** The proxy is spoken to in plain HTTP, on port 80 unless the URL says otherwise. */
const proxyPort = (proxy: URL) => Number(proxy.port || 80);

/** host:port of a proxy, for messages: never its user or password. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.hostname}:${proxyPort(proxy)}`;
}

const proxyError = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * Opens a CONNECT tunnel through the proxy to host:port. `done` is called exactly once: with
 * the socket once the proxy answers 200, or with an error for every other way the exchange
 * can end (error, close or half-close before a whole answer, a refusal, silence).
 */
function tunnel(mods: SocketModules, proxy: URL, host: string, port: number, timeoutMs: number, done: (err: Error | null, socket?: Socket) => void): void {
  const socket = mods.netConnect(proxyPort(proxy), proxy.hostname);
  let head = '';
  let settled = false;
  const settle = (err: Error | null) => {
    if (settled) return;
    settled = true;
    socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onError);
    socket.setTimeout(0);
    if (err) {
      socket.destroy();
      return done(err);
    }
    done(null, socket);
  };
  const onEnd = () =>
    settle(
      head
        ? proxyError('FLAGCTL_PROXY_PARTIAL', 'the proxy closed the connection partway through its answer to CONNECT')
        : proxyError('FLAGCTL_PROXY_CLOSED', 'the proxy closed the connection without answering CONNECT'),
    );
  // A reset is one more way for the proxy to close: the same message, whichever comes first.
  const onError = (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? onEnd() : settle(err));
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) {
      if (head.length > 16 * 1024) settle(proxyError('FLAGCTL_PROXY', 'the proxy sent an answer to CONNECT that is not HTTP'));
      return;
    }
    const status = Number(/^HTTP\/1\.[01] (\d{3})[ \r]/.exec(head)?.[1]);
    if (status === 407) return settle(proxyError('FLAGCTL_PROXY_AUTH', 'proxy authentication failed (HTTP 407): check the user and password in the proxy URL'));
    if (!status) return settle(proxyError('FLAGCTL_PROXY', 'the proxy sent an answer to CONNECT that is not HTTP'));
    if (status !== 200) return settle(proxyError('FLAGCTL_PROXY', `the proxy refused the tunnel (HTTP ${status})`));
    const rest = Buffer.from(head.slice(end + 4), 'latin1');
    settle(null);
    if (rest.length) socket.unshift(rest);
  };
  socket.setTimeout(timeoutMs, () => settle(proxyError('FLAGCTL_PROXY_TIMEOUT', 'proxy timeout')));
  socket.on('error', onError);
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  socket.on('data', onData);
  socket.once('connect', () => {
    const auth = proxy.username
      ? `proxy-authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n`
      : '';
    socket.write(`CONNECT ${host}:${port} HTTP/1.1\r\nhost: ${host}:${port}\r\n${auth}\r\n`);
  });
}

type ConnectOptions = ConnectionOptions & { host?: string | null; port?: number | string | null };

/**
 * A `createConnection` for an http.Agent or https.Agent that reaches the target through a
 * CONNECT tunnel; for https, TLS runs inside the tunnel, end to end with the server. The
 * agent's callback is called exactly once, whatever the proxy or the server do.
 */
export function tunnelConnector(mods: SocketModules, proxy: URL, secure: boolean, timeoutMs: number, tls: ConnectionOptions = {}) {
  return (options: ConnectOptions, done: Done): undefined => {
    const host = options.host ?? 'localhost';
    const port = Number(options.port ?? (secure ? 443 : 80));
    tunnel(mods, proxy, host, port, timeoutMs, (err, socket) => {
      if (err || !socket) return done(err ?? new Error('no tunnel'));
      if (!secure) return done(null, socket);
      const wrapped = mods.tlsConnect({ ...tls, ...options, host, socket, servername: options.servername ?? host });
      let settled = false;
      const settle = (e: Error | null) => {
        if (settled) return;
        settled = true;
        socket.setTimeout(0);
        wrapped.off('error', settle).off('close', onClose);
        if (e) {
          wrapped.destroy();
          return done(e);
        }
        done(null, wrapped);
      };
      const onClose = () => settle(Object.assign(new Error('the tunnel closed before the TLS handshake finished'), { code: 'ECONNRESET' }));
      // The handshake runs over the tunnel: silence there is bounded like a connect.
      socket.setTimeout(timeoutMs, () => settle(proxyError('FLAGCTL_CONNECT_TIMEOUT', 'TLS handshake timeout')));
      wrapped.on('error', settle);
      wrapped.on('close', onClose);
      wrapped.once('secureConnect', () => settle(null));
    });
    return undefined;
  };
}
