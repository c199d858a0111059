import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import type { ProxyEndpoint } from '../../config/proxy-env.js';
import type { Clock } from '../../io.js';

// Proxy support for node:http, as curl has it (the variables are read in proxy-env.ts). Both
// http and https targets go through a CONNECT tunnel, so the proxy never sees the token of an
// https request in the clear; an https:// proxy is itself spoken to over TLS, so the CONNECT,
// its Proxy-Authorization and (for http targets) the token are not in the clear either.

export { proxyFor, proxyLabel, type ProxySettings } from '../../config/proxy-env.js';

type Done = (err: Error | null, socket?: Duplex) => void;

/** What a tunnel needs of node:net and node:tls, passed in so they load only when used. */
export interface SocketModules {
  netConnect: (port: number, host: string) => Socket;
  tlsConnect: (options: ConnectionOptions) => TLSSocket;
}

const proxyError = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * Opens a CONNECT tunnel through the proxy to host:port. `done` is called exactly once: with
 * the socket once the proxy answers 200, or with an error for every other way the exchange
 * can end (error, close or half-close before a whole answer, a refusal, silence).
 */
function tunnel(
  mods: SocketModules,
  hop: Hop,
  host: string,
  port: number,
  done: (err: Error | null, socket?: Socket) => void,
): void {
  const { proxy, timeout } = hop;
  const socket: Socket = proxy.secure
    ? mods.tlsConnect({
        ...hop.tls,
        host: proxy.host,
        port: proxy.port,
        servername: isIp(proxy.host) ? undefined : proxy.host,
      })
    : mods.netConnect(proxy.port, proxy.host);
  let head = '';
  let settled = false;
  const settle = (err: Error | null) => {
    if (settled) return;
    settled = true;
    socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onError);
    timeout.clock.clearTimeout(timer);
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
  const onError = (err: NodeJS.ErrnoException) =>
    err.code === 'ECONNRESET' || err.code === 'EPIPE' ? onEnd() : settle(err);
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) {
      if (head.length > 16 * 1024)
        settle(proxyError('FLAGCTL_PROXY', 'the proxy sent an answer to CONNECT that is not HTTP'));
      return;
    }
    const status = Number(/^HTTP\/1\.[01] (\d{3})[ \r]/.exec(head)?.[1]);
    if (status === 407)
      return settle(
        proxyError(
          'FLAGCTL_PROXY_AUTH',
          'proxy authentication failed (HTTP 407): check the user and password in the proxy URL',
        ),
      );
    if (!status) return settle(proxyError('FLAGCTL_PROXY', 'the proxy sent an answer to CONNECT that is not HTTP'));
    if (status !== 200) return settle(proxyError('FLAGCTL_PROXY', `the proxy refused the tunnel (HTTP ${status})`));
    const rest = Buffer.from(head.slice(end + 4), 'latin1');
    settle(null);
    if (rest.length) socket.unshift(rest);
  };
  // The whole answer to CONNECT within the timeout, on the IO's clock.
  const timer = timeout.clock.setTimeout(
    () => settle(proxyError('FLAGCTL_PROXY_TIMEOUT', 'proxy timeout')),
    timeout.ms,
  );
  socket.on('error', onError);
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  socket.on('data', onData);
  socket.once(proxy.secure ? 'secureConnect' : 'connect', () => {
    const auth = proxy.authorization ? `proxy-authorization: ${proxy.authorization}\r\n` : '';
    // An IPv6 address goes in brackets (RFC 9110's authority form): `::1:4242` is no host and port.
    const authority = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${auth}\r\n`);
  });
}

/** How long to wait for the proxy, and on which clock. */
export interface Timeout {
  ms: number;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

/** The proxy hop: where, how long to wait, and the CA options (the server's, for an https:// proxy too). */
interface Hop {
  proxy: ProxyEndpoint;
  timeout: Timeout;
  tls: ConnectionOptions;
}

/** SNI takes a host name only. */
const isIp = (host: string) => host.includes(':') || /^[\d.]+$/.test(host);

type ConnectOptions = ConnectionOptions & { host?: string | null; port?: number | string | null };

/**
 * A `createConnection` for an http.Agent or https.Agent that reaches the target through a
 * CONNECT tunnel; for https, TLS runs inside the tunnel, end to end with the server. The
 * agent's callback is called exactly once, whatever the proxy or the server do.
 */
export function tunnelConnector(
  mods: SocketModules,
  proxy: ProxyEndpoint,
  secure: boolean,
  timeout: Timeout,
  tls: ConnectionOptions = {},
) {
  return (options: ConnectOptions, done: Done): undefined => {
    const host = options.host ?? 'localhost';
    const port = Number(options.port ?? (secure ? 443 : 80));
    tunnel(mods, { proxy, timeout, tls }, host, port, (err, socket) => {
      if (err || !socket) return done(err ?? new Error('no tunnel'));
      if (!secure) return done(null, socket);
      const wrapped = mods.tlsConnect({ ...tls, ...options, host, socket, servername: options.servername ?? host });
      let settled = false;
      const settle = (e: Error | null) => {
        if (settled) return;
        settled = true;
        timeout.clock.clearTimeout(handshake);
        wrapped.off('error', settle).off('close', onClose);
        if (e) {
          wrapped.destroy();
          return done(e);
        }
        done(null, wrapped);
      };
      const onClose = () =>
        settle(Object.assign(new Error('the tunnel closed before the TLS handshake finished'), { code: 'ECONNRESET' }));
      // The handshake runs over the tunnel: it is bounded like a connect.
      const handshake = timeout.clock.setTimeout(
        () => settle(proxyError('FLAGCTL_CONNECT_TIMEOUT', 'TLS handshake timeout')),
        timeout.ms,
      );
      wrapped.on('error', settle);
      wrapped.on('close', onClose);
      wrapped.once('secureConnect', () => settle(null));
    });
    return undefined;
  };
}
