import { describe, expect, it } from 'vitest';
import {
  endGesture,
  isDoubleTap,
  isTap,
  swipeCommits,
  swipePreviewSeconds,
  swipeSeekSeconds,
  type TouchPoint,
} from './gestures';

const WIDTH = 390;
const at = (x: number, t = 0, y = 100): TouchPoint => ({ x, y, t });

describe('swipeSeekSeconds', () => {
  it.each([
    { dx: 390, seconds: 15 },
    { dx: -390, seconds: -15 },
    { dx: 195, seconds: 7.5 },
    { dx: 39, seconds: 1.5 },
    { dx: 0, seconds: 0 },
  ])('maps $dx px over the full width to $seconds s', ({ dx, seconds }) => {
    expect(swipeSeekSeconds(dx, WIDTH)).toBeCloseTo(seconds, 10);
  });

  it('caps at 15 s either way, however far the finger goes', () => {
    expect(swipeSeekSeconds(2000, WIDTH)).toBe(15);
    expect(swipeSeekSeconds(-2000, WIDTH)).toBe(-15);
  });

  it('seeks nothing over a video with no width yet', () => {
    expect(swipeSeekSeconds(100, 0)).toBe(0);
  });
});

describe('swipePreviewSeconds', () => {
  // 5% of 390 px is 19.5 px.
  it('shows nothing up to 5% of the width', () => {
    expect(swipePreviewSeconds(at(100), at(119), WIDTH)).toBeNull();
    expect(swipePreviewSeconds(at(100), at(81), WIDTH)).toBeNull();
  });

  it('previews the seek past 5% of the width, either direction', () => {
    expect(swipePreviewSeconds(at(100), at(120), WIDTH)).toBeCloseTo((20 / 390) * 15, 10);
    expect(swipePreviewSeconds(at(100), at(20), WIDTH)).toBeCloseTo((-80 / 390) * 15, 10);
  });

  it('ignores a mostly vertical move (a scroll)', () => {
    expect(swipePreviewSeconds(at(100, 0, 100), at(140, 0, 200), WIDTH)).toBeNull();
  });
});

describe('swipeCommits', () => {
  // 10% of 390 px is 39 px.
  it('commits past 10% of the width within 300 ms', () => {
    expect(swipeCommits(at(100, 0), at(140, 300), WIDTH)).toBe(true);
    expect(swipeCommits(at(100, 0), at(60, 120), WIDTH)).toBe(true);
  });

  it('does not commit at or under 10% of the width', () => {
    expect(swipeCommits(at(100, 0), at(139, 100), WIDTH)).toBe(false);
  });

  it('does not commit a swipe slower than 300 ms', () => {
    expect(swipeCommits(at(100, 0), at(300, 301), WIDTH)).toBe(false);
  });

  it('does not commit a mostly vertical move', () => {
    expect(swipeCommits(at(100, 0, 0), at(150, 100, 200), WIDTH)).toBe(false);
  });
});

describe('taps', () => {
  it('counts a touch that barely moved as a tap', () => {
    expect(isTap(at(100), at(104, 80, 103))).toBe(true);
    expect(isTap(at(100), at(115))).toBe(false);
  });

  it.each([
    { name: 'under 300 ms and 30 px apart', second: at(120, 299), double: true },
    { name: 'exactly 300 ms apart', second: at(100, 300), double: false },
    { name: '30 px apart', second: at(130, 100), double: false },
    { name: 'diagonally under 30 px', second: { x: 120, y: 120, t: 100 }, double: true },
  ])('second tap $name: double tap is $double', ({ second, double }) => {
    expect(isDoubleTap(at(100, 0), second)).toBe(double);
  });

  it('is no double tap without a first tap', () => {
    expect(isDoubleTap(null, at(100))).toBe(false);
  });
});

describe('endGesture', () => {
  it('remembers a lone tap, and toggles play on the second', () => {
    const first = endGesture(at(100, 0), at(101, 50), WIDTH, null);
    expect(first).toEqual({ kind: 'tap', at: at(101, 50) });
    const second = endGesture(at(102, 200), at(102, 250), WIDTH, first.kind === 'tap' ? first.at : null);
    expect(second).toEqual({ kind: 'togglePlay' });
  });

  it('seeks on a quick swipe: half the width is 7.5 s', () => {
    expect(endGesture(at(300, 0), at(105, 200), WIDTH, null)).toEqual({ kind: 'seek', seconds: -7.5 });
  });

  it('does nothing for a slow drag or a short one', () => {
    expect(endGesture(at(100, 0), at(300, 800), WIDTH, null)).toEqual({ kind: 'none' });
    expect(endGesture(at(100, 0), at(130, 100), WIDTH, null)).toEqual({ kind: 'none' });
  });
});
