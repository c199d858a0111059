import { describe, expect, it } from 'vitest';
import { bypassed, proxyFor, proxyLabel } from '../../src/api/proxy.js';
import { describeNetworkError, isRetryableNetworkError } from '../../src/api/retry.js';

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
  ])('%s with NO_PROXY=%j: bypassed %s', (target, noProxy, expected) => {
    expect(bypassed(u(target), noProxy)).toBe(expected);
  });

  it('chooses the proxy by scheme and accepts one written without a scheme', () => {
    const settings = { httpProxy: 'proxy.local:3128', httpsProxy: 'http://secure.local:3129', noProxy: 'skip.me' };
    expect(proxyFor(u('http://a.b'), settings)?.href).toBe('http://proxy.local:3128/');
    expect(proxyFor(u('https://a.b'), settings)?.href).toBe('http://secure.local:3129/');
    expect(proxyFor(u('https://skip.me'), settings)).toBeUndefined();
    expect(proxyFor(u('https://a.b'), { httpProxy: 'x:1' })).toBeUndefined();
  });
});

describe('proxy messages', () => {
  it('name the proxy by host and port only, never its user or password', () => {
    expect(proxyLabel(new URL('http://alice:s3cret@proxy.corp:3128'))).toBe('proxy.corp:3128');
    expect(proxyLabel(new URL('http://alice:s3cret@proxy.corp'))).toBe('proxy.corp:80');
    expect(proxyLabel(new URL('http://[::1]:8080'))).toBe('[::1]:8080');
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
    expect(describeNetworkError(reset, 1000, 'proxy.corp:3128')).toBe('the connection through the proxy was closed before the server answered');
    expect(describeNetworkError({ code: 'ECONNREFUSED' }, 1000, 'proxy.corp:3128')).toBe('connection refused: is the proxy running at that address?');
    expect(describeNetworkError({ code: 'FLAGCTL_PROXY_TIMEOUT' }, 2500, 'proxy.corp:3128')).toBe('timeout: the proxy did not answer CONNECT within 2.5s');
  });
});
