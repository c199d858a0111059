import { describe, expect, it } from 'vitest';
import { bypassed, proxyFor } from '../../src/api/proxy.js';

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
