import { describe, expect, it } from 'vitest';
import { fitWidth, formatNumber, sparkline, stackedBar } from '../../src/output/chart.js';

describe('sparkline', () => {
  it('maps the smallest value to ▁ and the largest to █', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([10, 0, 5])).toBe('█▁▅');
  });

  it('scales between the minimum and the maximum, not from zero', () => {
    expect(sparkline([100, 107])).toBe('▁█');
  });

  it('shows a missing value as a space', () => {
    expect(sparkline([1, null, 3, undefined])).toBe('▁ █ ');
  });

  it('draws a flat series low when all zero, else in the middle', () => {
    expect(sparkline([0, 0, 0])).toBe('▁▁▁');
    expect(sparkline([42, 42])).toBe('▄▄');
  });

  it('is empty for no values and blank for only missing ones', () => {
    expect(sparkline([])).toBe('');
    expect(sparkline([null, null])).toBe('  ');
  });

  it('ignores NaN and infinities', () => {
    expect(sparkline([1, Number.NaN, 2, Number.POSITIVE_INFINITY])).toBe('▁ █ ');
  });
});

describe('fitWidth', () => {
  it('leaves a series that fits alone', () => {
    expect(fitWidth([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('averages neighbours down to the width', () => {
    expect(fitWidth([1, 2, 3, 4], 2)).toEqual([1.5, 3.5]);
    expect(
      fitWidth(
        Array.from({ length: 365 }, (_, i) => i),
        50,
      ),
    ).toHaveLength(50);
  });

  it('skips missing values in a bucket, and keeps a bucket of only missing ones missing', () => {
    expect(fitWidth([2, null, null, null, 6, 8], 3)).toEqual([2, null, 7]);
  });
});

describe('stackedBar', () => {
  const parts = (yes: number, no: number) => [
    { value: yes, char: '█' },
    { value: no, char: '░' },
  ];

  it('draws each part with its own character, in proportion', () => {
    expect(stackedBar(parts(3, 1), 4, 8)).toBe('██████░░');
    expect(stackedBar(parts(1, 1), 4, 8)).toBe('██░░');
  });

  it('rounds on the running total, so the bar is never wider than the whole', () => {
    for (const [a, b] of [
      [1, 1],
      [1, 2],
      [33, 67],
      [1, 998],
    ] as const) {
      expect(stackedBar(parts(a, b), a + b, 7)).toHaveLength(7);
    }
  });

  it('skips missing and zero parts', () => {
    expect(
      stackedBar(
        [
          { value: null, char: '█' },
          { value: 2, char: '░' },
        ],
        2,
        4,
      ),
    ).toBe('░░░░');
    expect(stackedBar(parts(0, 0), 0, 4)).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands and keeps one decimal', () => {
    expect(formatNumber(41230)).toBe('41,230');
    expect(formatNumber(4.56)).toBe('4.6');
    expect(formatNumber(null)).toBe('-');
  });
});
