import { MIN_CLIP_SECONDS } from './constants';

// Trim and playback rules of the editor (spec section 4: the trim starts at the full duration; playback
// pauses and returns to the trim start at the trim end; section 5: start must be a number before end).

/** The clip being cut, in seconds of the source. NaN stands for a field left empty. */
export interface TrimRange {
  start: number;
  end: number;
}

/** The trim a video opens with: all of it. */
export function fullTrim(duration: number): TrimRange {
  return { start: 0, end: duration };
}

/** A segment's range as a trim, kept inside the video. */
export function trimOfSegment(segment: { start: number; end: number }, duration: number): TrimRange {
  const clamp = (s: number) => Math.max(0, Math.min(duration, s));
  return { start: clamp(segment.start), end: clamp(segment.end) };
}

/**
 * Whether playback, moving from `previous` to `current`, has just reached the trim end. Only a crossing
 * counts: a seek that lands past the end (the seek slider) resets `previous`, so it plays on.
 */
export function reachedTrimEnd(previous: number, current: number, trim: TrimRange): boolean {
  return previous < trim.end && current >= trim.end;
}

/** Where Play starts: where the video is, unless that is outside the trim; then the trim start. */
export function playStartTime(current: number, trim: TrimRange): number {
  return current >= trim.start && current < trim.end ? current : trim.start;
}

/** Why a trim cannot be saved: `order` (not numbers, or start not before end) or `tooShort`. */
export type ClipRangeProblem = 'order' | 'tooShort';

export function clipRangeProblem(trim: TrimRange): ClipRangeProblem | null {
  const { start, end } = trim;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start >= end) return 'order';
  // A hair of float slack, so a 0.5 s range made from 0.1 s steps (12.3 to 12.8) is not refused.
  if (end - start < MIN_CLIP_SECONDS - 1e-9) return 'tooShort';
  return null;
}

/** m:ss.s (65.25 → "1:05.3"); minutes keep counting past an hour. Not a number → "–:––.–". */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–:––.–';
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths - minutes * 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
