import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { PlaygroundResponse } from '../../src/api/playground.js';
import { UsageError } from '../../src/errors.js';
import { parseContext } from '../../src/evaluate/context.js';
import { explain } from '../../src/evaluate/explain.js';
import { evaluateView } from '../../src/output/evaluate-view.js';
import type { Ui } from '../../src/output/context.js';

const fixture = (v: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/playground-v${v}.json`, import.meta.url), 'utf8')) as PlaygroundResponse;

/** The context the fixtures were evaluated with (development). */
const FIXTURE_CONTEXT = [
  'appName=web-shop',
  'userId=u1',
  'country=DE',
  'email=a@example.com',
  'plan=pro',
  'age=30',
  'appVersion=2.1.0',
];

const identity = new Proxy((s: unknown) => String(s), { get: () => identity }) as unknown as Ui['style'];
const ui: Ui = {
  io: undefined as never,
  tty: false,
  color: false,
  style: identity,
  now: 0,
  out: { format: 'table', headers: true, csvRaw: false },
  adapter: undefined as never,
  mask: (s) => s,
};

describe('--context parsing', () => {
  it('puts the well-known fields at the top and the rest into properties', () => {
    const { context, given } = parseContext([
      'userId=42',
      'sessionId=s-1',
      'appName=web',
      'environment=prod',
      'remoteAddress=10.1.2.3',
      'currentTime=2025-06-01T12:00:00Z',
      'country=DE',
      'email=a=b@example.com',
      'empty=',
    ]);
    expect(context).toEqual({
      userId: '42',
      sessionId: 's-1',
      appName: 'web',
      environment: 'prod',
      remoteAddress: '10.1.2.3',
      currentTime: '2025-06-01T12:00:00.000Z',
      properties: { country: 'DE', email: 'a=b@example.com', empty: '' },
    });
    expect([...given].sort()).toEqual(
      [
        'appName',
        'country',
        'currentTime',
        'email',
        'empty',
        'environment',
        'remoteAddress',
        'sessionId',
        'userId',
      ].sort(),
    );
  });
  it('sends a placeholder appName (the playground requires one) and remembers it was not given', () => {
    const { context, given } = parseContext(['userId=1']);
    expect(context).toEqual({ userId: '1', appName: 'flagctl' });
    expect(given.has('appName')).toBe(false);
  });
  it('reads a date alone, and a time without a zone, as UTC', () => {
    expect(parseContext(['currentTime=2025-06-01']).context.currentTime).toBe('2025-06-01T00:00:00.000Z');
    expect(parseContext(['currentTime=2025-06-01T08:30']).context.currentTime).toBe('2025-06-01T08:30:00.000Z');
    expect(parseContext(['currentTime=2025-06-01T08:30:00+02:00']).context.currentTime).toBe(
      '2025-06-01T06:30:00.000Z',
    );
  });
  it.each([
    ['country', /--context "country": no "=": expected key=value/],
    ['=DE', /--context "=DE": the name before "=" is empty/],
    ['currentTime=yesterday', /--context currentTime="yesterday": expected an ISO 8601 date-time/],
    ['currentTime=2025-02-30T00:00:00Z', /expected an ISO 8601 date-time/],
    ['properties=x', /give each property as its own key=value/],
  ])('refuses %s', (pair, message) => {
    expect(() => parseContext([pair])).toThrow(UsageError);
    expect(() => parseContext([pair])).toThrow(message);
  });
  it('refuses a field given twice', () => {
    expect(() => parseContext(['userId=1', 'userId=2'])).toThrow('--context userId is given twice');
  });
});

describe('explanation of real playground answers', () => {
  for (const v of ['6', '8']) {
    const res = fixture(v);
    const { context, given } = parseContext(FIXTURE_CONTEXT);
    const byName = (name: string) =>
      explain(
        res.features.find((f) => f.name === name)!,
        'development',
        context,
        given,
      );

    it(`v${v}: on, with the variant and the deciding strategy, each constraint checked against the context`, () => {
      const e = byName('new-checkout-flow');
      expect(e.enabled).toBe(true);
      expect(e.reason).toBe('strategy');
      expect(e.decidedBy?.label).toBe('EU beta rollout');
      expect(e.variant).toBe(e.decidedBy?.variant);
      const checks = e.decidedBy!.constraints.map((c) => [c.contextName, c.result, c.contextValue]);
      expect(checks).toEqual([
        ['country', true, 'DE'],
        ['userId', true, 'u1'],
        ['email', true, 'a@example.com'],
        ['appName', true, 'web-shop'],
        ['email', true, 'a@example.com'],
      ]);
      expect(e.decidedBy!.segments).toEqual([
        expect.objectContaining({
          name: 'beta-testers',
          result: true,
          constraints: [
            expect.objectContaining({ contextName: 'plan', contextValue: 'pro' }),
            expect.objectContaining({ contextName: 'country', contextValue: 'DE' }),
          ],
        }),
      ]);
      const [, remote, paused] = e.strategies;
      expect(remote!.result).toBe(false);
      expect(remote!.constraints.find((c) => c.result === false)).toMatchObject({
        contextName: 'age',
        operator: 'NUM_LTE',
        inverted: true,
        contextValue: '30',
      });
      expect(remote!.constraints.find((c) => c.contextName === 'currentTime')).toMatchObject({
        contextValue: undefined,
        given: false,
      });
      expect(paused).toMatchObject({ disabled: true, result: 'unknown', label: 'Paused: canary hosts' });
    });

    it(`v${v}: a flag never enabled in the environment, and an unsatisfied parent dependency`, () => {
      const e = byName('new-dashboard.classic-fallback');
      expect(e).toMatchObject({
        enabled: false,
        reason: 'environment-off',
        unsatisfiedDependency: true,
        strategies: [],
      });
      const view = evaluateView([e], ui).join('\n');
      expect(view).toContain('✗ the flag is off in development');
      expect(view).toContain('✗ a parent dependency is not satisfied');
    });

    it(`v${v}: the terminal view names values, missing context fields and the disabled strategy`, () => {
      const view = evaluateView([byName('new-checkout-flow')], ui);
      expect(view[0]).toMatch(/^new-checkout-flow {2}ON {2}variant \S+ {2}in development$/);
      expect(view[1]).toBe('  decided by strategy "EU beta rollout" (flexibleRollout)');
      const text = view.join('\n');
      expect(text).toContain('✓ country IN ["DE", "FR", "NL"]  — country = "DE"');
      expect(text).toContain('✗ age NOT NUM_LTE "3650"  — age = "30"');
      expect(text).toContain(
        '✓ currentTime DATE_AFTER "2024-01-01T00:00:00.000Z"  — currentTime not given (the server used its clock)',
      );
      expect(text).toContain('✓ segment beta-testers');
      expect(text).toMatch(/- strategy "Paused: canary hosts" \(applicationHostname\).*\(disabled, not evaluated\)/);
    });
  }

  it('off because no strategy matched (v8 REGEX constraint), with the failing constraint', () => {
    const res = fixture('8');
    const { context, given } = parseContext(FIXTURE_CONTEXT);
    const e = explain(
      res.features.find((f) => f.name === 'retire-old-cart')!,
      'development',
      context,
      given,
    );
    expect(e).toMatchObject({ enabled: false, reason: 'no-strategy-matched', variant: undefined });
    expect(evaluateView([e], ui).join('\n')).toContain('✗ userId REGEX "^internal-[0-9]+$"  — userId = "u1"');
  });

  it('a rollout that excludes a context whose constraints all pass says so', () => {
    const { context, given } = parseContext(['userId=x']);
    const e = explain(
      {
        name: 'f',
        isEnabled: false,
        isEnabledInCurrentEnvironment: true,
        hasUnsatisfiedDependency: false,
        strategies: {
          result: false,
          data: [
            {
              name: 'flexibleRollout',
              parameters: { rollout: '10', groupId: 'f' },
              result: { enabled: false },
              constraints: [],
              segments: [],
            },
          ],
        },
      },
      'production',
      context,
      given,
    );
    expect(e.strategies[0]!.excludedByParameters).toBe(true);
    const text = evaluateView([e], ui).join('\n');
    expect(text).toContain('✗ strategy flexibleRollout  rollout 10%');
    expect(text).toContain("constraints pass, but the strategy's parameters exclude this context");
  });

  it('server text with escape sequences is shown escaped', () => {
    const { context, given } = parseContext(['country=\u001b[31mX']);
    const e = explain(
      {
        name: 'evil\u001b]0;title\u0007',
        isEnabled: true,
        strategies: {
          data: [
            {
              name: 'default',
              title: 'T\u009b2J',
              result: { enabled: true },
              constraints: [{ contextName: 'country', operator: 'IN', values: ['\u202eX'], result: true }],
            },
          ],
        },
      },
      'production',
      context,
      given,
    );
    const text = evaluateView([e], ui).join('\n');
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(text).toContain('evil\\x1b]0;title\\x07');
  });
});
