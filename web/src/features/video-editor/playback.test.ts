import { describe, expect, it } from 'vitest';
import { clipRangeProblem, formatTime, fullTrim, playStartTime, reachedTrimEnd, trimOfSegment } from './playback';

describe('trim', () => {
  it('opens on the full duration', () => {
    expect(fullTrim(65.4)).toEqual({ start: 0, end: 65.4 });
  });

  it('takes a segment as the trim, inside the video', () => {
    expect(trimOfSegment({ start: 12.5, end: 18 }, 65)).toEqual({ start: 12.5, end: 18 });
    expect(trimOfSegment({ start: -1, end: 70 }, 65)).toEqual({ start: 0, end: 65 });
  });
});

describe('reachedTrimEnd', () => {
  const trim = { start: 10, end: 20 };

  it('stops when playback crosses the trim end', () => {
    expect(reachedTrimEnd(19.9, 20.1, trim)).toBe(true);
    expect(reachedTrimEnd(19.9, 20, trim)).toBe(true);
  });

  it('plays on before the end', () => {
    expect(reachedTrimEnd(15, 19.99, trim)).toBe(false);
  });

  it('plays on after a seek past the end (nothing crossed)', () => {
    expect(reachedTrimEnd(25, 25.2, trim)).toBe(false);
  });
});

describe('playStartTime', () => {
  const trim = { start: 10, end: 20 };
  it.each([
    { current: 12, from: 12 },
    { current: 10, from: 10 },
    { current: 4, from: 10 },
    { current: 20, from: 10 },
    { current: 40, from: 10 },
  ])('from $current plays from $from', ({ current, from }) => {
    expect(playStartTime(current, trim)).toBe(from);
  });
});

describe('clipRangeProblem', () => {
  it.each([
    { start: 1, end: 5, problem: null },
    { start: 12.3, end: 12.8, problem: null },
    { start: 5, end: 5, problem: 'order' },
    { start: 6, end: 5, problem: 'order' },
    { start: Number.NaN, end: 5, problem: 'order' },
    { start: 1, end: Number.NaN, problem: 'order' },
    { start: 1, end: 1.4, problem: 'tooShort' },
  ])('$start to $end: $problem', ({ start, end, problem }) => {
    expect(clipRangeProblem({ start, end })).toBe(problem);
  });
});

describe('formatTime', () => {
  it.each([
    { s: 0, label: '0:00.0' },
    { s: 5.04, label: '0:05.0' },
    { s: 65.25, label: '1:05.3' },
    { s: 59.97, label: '1:00.0' },
    { s: 3725.5, label: '62:05.5' },
    { s: Number.NaN, label: '–:––.–' },
  ])('$s s is $label', ({ s, label }) => {
    expect(formatTime(s)).toBe(label);
  });
});
