import { describe, expect, it } from 'vitest';
import { bypassed } from '../../src/config/no-proxy.js';
import { parseProxyUrl, proxyFor, proxyFromEnv, proxyLabel } from '../../src/config/proxy-env.js';
import { describeNetworkError, isRetryableNetworkError } from '../../src/api/http/retry.js';

describe('NO_PROXY matching', () => {
  const u = (s: string) => new URL(s);
  it.each([
    ['http://api.example.com', '*', true],
    ['http://api.example.com', 'example.com', true],
    ['http://api.example.com', '.example.com', true],
    ['http://api.example.com', '*.example.com', true],
    ['http://example.com', '.example.com', true],
    ['http://badexample.com', 'example.com', false],
    ['http://127.0.0.1:4242', '127.0.0.1', true],
    ['http://127.0.0.1:4242', '127.0.0.1:4242', true],
    ['http://127.0.0.1:4242', '127.0.0.1:80', false],
    ['https://host.internal', 'other, host.internal ,x', true],
    ['http://[::1]:8080', '::1', true],
    ['http://api.example.com', '', false],
    // A fully qualified name (one trailing dot) is the same host, on either side, as in curl.
    ['http://example.com./', 'example.com', true],
    ['http://example.com/', 'example.com.', true],
    ['http://api.example.com./', '.example.com.', true],
    ['http://badexample.com./', 'example.com', false],
    // Issue 21 item 11: an IP is matched exactly (never as a domain suffix), CIDR ranges as curl and Go do.
    ['http://127.0.0.1:4242', '0.1', false],
    ['http://127.0.0.1:4242', '.0.0.1', false],
    ['http://127.0.0.1:4242', '27.0.0.1', false],
    ['http://10.1.2.3', '10.0.0.0/8', true],
    ['http://11.1.2.3', '10.0.0.0/8', false],
    ['http://127.0.0.1:4242', '127.0.0.0/8', true],
    ['http://192.168.1.77', '192.168.1.64/26', true],
    ['http://192.168.1.128', '192.168.1.64/26', false],
    ['http://203.0.113.9', '0.0.0.0/0', true],
    ['http://10.1.2.3', '10.1.2.3/32', true],
    ['http://10.1.2.4', '10.1.2.3/32', false],
    ['http://[::1]:8080', '::1/128', true],
    ['http://[::1]:8080', '[::1]', true],
    ['http://[::1]:8080', '0:0:0:0:0:0:0:1', true],
    ['http://[fd00::5]', 'fd00::/8', true],
    ['http://[fe80::1]', 'fd00::/8', false],
    ['http://[2001:db8::1]', '[2001:db8::]/32', true],
    ['http://[2001:db9::1]', '2001:db8::/32', false],
    ['http://10.1.2.3', '::/0', false],
    ['http://example.com', '10.0.0.0/8', false],
    ['http://10.0.0.0.example.com', '10.0.0.0/8', false],
    ['http://api.example.com', 'EXAMPLE.COM', true],
    ['http://api.example.com', 'example.com:80', true],
    ['http://api.example.com', 'example.com:8080', false],
    ['http://[::1]:8080', '[::1]:8080', true],
    ['http://[::1]:8080', '[::1]:9090', false],
  ])('%s with NO_PROXY=%j: bypassed %s', (target, noProxy, expected) => {
    expect(bypassed(u(target), noProxy)).toBe(expected);
  });

  it('chooses the proxy by scheme and accepts one written without a scheme', () => {
    const env = { HTTP_PROXY: 'proxy.local:3128', HTTPS_PROXY: 'http://secure.local:3129', NO_PROXY: 'skip.me' };
    const at = (target: string) => {
      const p = proxyFor(u(target), proxyFromEnv(env, u(target)));
      return p && `${p.variable} ${p.secure ? 'https' : 'http'} ${proxyLabel(p)}`;
    };
    expect(at('http://a.b')).toBe('HTTP_PROXY http proxy.local:3128');
    expect(at('https://a.b')).toBe('HTTPS_PROXY http secure.local:3129');
    expect(at('https://skip.me')).toBeUndefined();
    expect(proxyFromEnv({ HTTP_PROXY: 'x:1' }, u('https://a.b'))).toBeUndefined();
  });

  it('speaks TLS to an https:// proxy, on 443 unless the URL gives a port (issue 21 item 2)', () => {
    expect(parseProxyUrl('https://user:pw@proxy.internal', 'HTTPS_PROXY')).toMatchObject({
      secure: true,
      host: 'proxy.internal',
      port: 443,
    });
    expect(parseProxyUrl('https://proxy.internal:443', 'HTTPS_PROXY')).toMatchObject({ secure: true, port: 443 });
    expect(parseProxyUrl('HTTPS://proxy.internal:8443', 'HTTPS_PROXY')).toMatchObject({ secure: true, port: 8443 });
    expect(parseProxyUrl('http://proxy.internal', 'HTTP_PROXY')).toMatchObject({ secure: false, port: 80 });
    expect(parseProxyUrl('http://a%40b:p%25w@[::1]:3128', 'HTTP_PROXY')).toMatchObject({
      host: '::1',
      port: 3128,
      authorization: `Basic ${Buffer.from('a@b:p%w').toString('base64')}`,
    });
  });
});

describe('proxy messages', () => {
  it('name the proxy by host and port only, never its user or password', () => {
    const label = (url: string) => proxyLabel(parseProxyUrl(url, 'HTTPS_PROXY'));
    expect(label('http://alice:s3cret@proxy.corp:3128')).toBe('proxy.corp:3128');
    expect(label('http://alice:s3cret@proxy.corp')).toBe('proxy.corp:80');
    expect(label('https://alice:s3cret@proxy.corp')).toBe('proxy.corp:443');
    expect(label('http://[::1]:8080')).toBe('[::1]:8080');
  });

  it('treat a proxy that closes early as a reset (retried), and a refusal or a stall as final', () => {
    expect(isRetryableNetworkError({ code: 'FLAGCTL_PROXY_CLOSED' })).toBe(true);
    expect(isRetryableNetworkError({ code: 'FLAGCTL_PROXY_PARTIAL' })).toBe(true);
    expect(isRetryableNetworkError({ code: 'ECONNRESET' })).toBe(true);
    expect(isRetryableNetworkError({ code: 'FLAGCTL_PROXY_AUTH' })).toBe(false);
    expect(isRetryableNetworkError({ code: 'FLAGCTL_PROXY' })).toBe(false);
    expect(isRetryableNetworkError({ code: 'FLAGCTL_PROXY_TIMEOUT' })).toBe(false);
  });

  it('say which hop failed', () => {
    const reset = { code: 'ECONNRESET' };
    expect(describeNetworkError(reset, 1000)).toBe('the connection was reset by the server');
    expect(describeNetworkError(reset, 1000, 'proxy.corp:3128')).toBe(
      'the connection through the proxy was closed before the server answered',
    );
    expect(describeNetworkError({ code: 'ECONNREFUSED' }, 1000, 'proxy.corp:3128')).toBe(
      'connection refused: is the proxy running at that address?',
    );
    expect(describeNetworkError({ code: 'FLAGCTL_PROXY_TIMEOUT' }, 2500, 'proxy.corp:3128')).toBe(
      'timeout: the proxy did not answer CONNECT within 2.5s',
    );
  });
});
