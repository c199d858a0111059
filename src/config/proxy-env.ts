import { UsageError } from '../errors.js';
import { bypassed } from './no-proxy.js';

// The proxy variables, read as curl reads them: HTTPS_PROXY for https targets, HTTP_PROXY for
// http ones (each also in lower case), NO_PROXY to skip them. A proxy URL is checked before
// anything is sent; every message names the variable and never shows its password.

/** A proxy to reach, as read from its variable. */
export interface ProxyEndpoint {
  /** The variable it came from, for messages. */
  variable: string;
  /** An https:// proxy is spoken to over TLS. */
  secure: boolean;
  /** Host name or address, without IPv6 brackets. */
  host: string;
  port: number;
  /** The Proxy-Authorization header value, when the URL carries a user. */
  authorization?: string;
}

export interface ProxySettings {
  httpProxy?: ProxyEndpoint;
  httpsProxy?: ProxyEndpoint;
  noProxy?: string;
}

type Env = Record<string, string | undefined>;

const FORM = 'expected http://[user:password@]host[:port] or https://[user:password@]host[:port]';

/**
 * The proxy settings for requests to `target`. Only the variable that applies to the target's
 * scheme is read (redirects never change the origin): a SOCKS proxy set for other tools in
 * HTTP_PROXY does not stop an https server from being reached.
 */
export function proxyFromEnv(env: Env, target: URL): ProxySettings | undefined {
  const secure = target.protocol === 'https:';
  const names = secure ? ['HTTPS_PROXY', 'https_proxy'] : ['HTTP_PROXY', 'http_proxy'];
  const variable = names.find((n) => env[n]);
  if (!variable) return undefined;
  const noProxy = env.NO_PROXY || env.no_proxy;
  if (bypassed(target, noProxy)) return undefined;
  const endpoint = parseProxyUrl(env[variable]!, variable);
  return { [secure ? 'httpsProxy' : 'httpProxy']: endpoint, noProxy };
}

/** Reads one proxy URL; a URL without a scheme is an http:// proxy, as in curl. */
export function parseProxyUrl(value: string, variable: string): ProxyEndpoint {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') {
    throw new UsageError(
      `${variable}: ${scheme}:// proxies are not supported; flagctl speaks to http:// and https:// proxies (${FORM})`,
      scheme.startsWith('socks') ? `Use an HTTP proxy that supports CONNECT, or unset ${variable}.` : undefined,
    );
  }
  let url: URL;
  try {
    url = new URL(scheme ? value : `http://${value}`);
  } catch {
    throw new UsageError(`${variable}: not a valid proxy URL; ${FORM}`);
  }
  if (!url.hostname) throw new UsageError(`${variable}: the proxy URL has no host; ${FORM}`);
  const secure = url.protocol === 'https:';
  return {
    variable,
    secure,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (secure ? 443 : 80)),
    authorization: url.username || url.password ? basic(url, variable) : undefined,
  };
}

function basic(url: URL, variable: string): string {
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    throw new UsageError(`${variable}: the proxy user or password has an invalid % escape; write a literal "%" as %25`);
  }
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** host:port of a proxy, for messages: never its user or password. */
export function proxyLabel(proxy: ProxyEndpoint): string {
  return `${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`;
}

/** The proxy endpoint for a target, or undefined when it is to be reached directly. */
export function proxyFor(target: URL, settings: ProxySettings | undefined): ProxyEndpoint | undefined {
  if (!settings) return undefined;
  const proxy = target.protocol === 'https:' ? settings.httpsProxy : settings.httpProxy;
  if (!proxy || bypassed(target, settings.noProxy)) return undefined;
  return proxy;
}
