import {
  DOUBLE_TAP_DISTANCE_PX,
  DOUBLE_TAP_MS,
  SWIPE_COMMIT_FRACTION,
  SWIPE_COMMIT_WINDOW_MS,
  SWIPE_PREVIEW_FRACTION,
  SWIPE_SEEK_MAX_SECONDS,
  TAP_MOVE_TOLERANCE_PX,
} from './constants';

// Touch gestures over the video (spec: "Video editor dialog" and section 9), as pure functions of
// where and when a finger went down and came up. components/useVideoGestures.ts feeds them touch events.

/** A finger's position (client px) at a moment (ms, any monotonic clock). */
export interface TouchPoint {
  x: number;
  y: number;
  t: number;
}

/** How far a sideways move of dx px over a video width px wide seeks: 15 s for the full width, no more. */
export function swipeSeekSeconds(dx: number, width: number): number {
  if (!(width > 0)) return 0;
  const seconds = (dx / width) * SWIPE_SEEK_MAX_SECONDS;
  return Math.max(-SWIPE_SEEK_MAX_SECONDS, Math.min(SWIPE_SEEK_MAX_SECONDS, seconds));
}

/** Mostly sideways: a mostly vertical move scrolls the dialog instead. */
function isHorizontal(dx: number, dy: number): boolean {
  return Math.abs(dx) > Math.abs(dy);
}

/** The seek a swipe in progress would make, once it is past 5% of the width; null before that. */
export function swipePreviewSeconds(start: TouchPoint, now: Pick<TouchPoint, 'x' | 'y'>, width: number): number | null {
  const dx = now.x - start.x;
  const dy = now.y - start.y;
  if (!(width > 0) || !isHorizontal(dx, dy) || Math.abs(dx) <= width * SWIPE_PREVIEW_FRACTION) return null;
  return swipeSeekSeconds(dx, width);
}

/** Whether a released swipe seeks: past 10% of the width, within 300 ms of the finger going down. */
export function swipeCommits(start: TouchPoint, end: TouchPoint, width: number): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return (
    width > 0 &&
    isHorizontal(dx, dy) &&
    Math.abs(dx) > width * SWIPE_COMMIT_FRACTION &&
    end.t - start.t <= SWIPE_COMMIT_WINDOW_MS
  );
}

/** A touch that stayed (nearly) where it went down. */
export function isTap(start: TouchPoint, end: TouchPoint): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < TAP_MOVE_TOLERANCE_PX;
}

/** The second of two taps under 300 ms and under 30 px apart. */
export function isDoubleTap(previous: TouchPoint | null, tap: TouchPoint): boolean {
  if (!previous) return false;
  const elapsed = tap.t - previous.t;
  return elapsed >= 0 && elapsed < DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_DISTANCE_PX;
}

/** What a finished touch does. A lone tap is remembered (`tap`) so the next one can make a double tap. */
export type GestureOutcome =
  | { kind: 'seek'; seconds: number }
  | { kind: 'togglePlay' }
  | { kind: 'tap'; at: TouchPoint }
  | { kind: 'none' };

/** A finished touch, from where it went down and came up, the video's width and the previous lone tap. */
export function endGesture(start: TouchPoint, end: TouchPoint, width: number, lastTap: TouchPoint | null): GestureOutcome {
  if (isTap(start, end)) return isDoubleTap(lastTap, end) ? { kind: 'togglePlay' } : { kind: 'tap', at: end };
  if (swipeCommits(start, end, width)) return { kind: 'seek', seconds: swipeSeekSeconds(end.x - start.x, width) };
  return { kind: 'none' };
}
