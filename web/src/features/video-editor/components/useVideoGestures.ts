import { useRef, useState, type TouchEvent } from 'react';
import { endGesture, swipePreviewSeconds, type TouchPoint } from '../gestures';

interface GestureCallbacks {
  /** A committed swipe: seek by this many seconds (negative: back). */
  onSeekBy: (seconds: number) => void;
  onTogglePlay: () => void;
}

/**
 * Touch gestures over the video area (the rules are in ../gestures.ts): a quick sideways swipe seeks,
 * with a preview of the seek while the finger moves; a double tap toggles play. `preview` is the seek
 * (seconds) a swipe in progress would make, or null. The area should have `touch-action: pan-y`, so
 * the browser leaves sideways moves and double taps to us and still scrolls vertically.
 */
export function useVideoGestures({ onSeekBy, onTogglePlay }: GestureCallbacks) {
  const start = useRef<TouchPoint | null>(null);
  const lastTap = useRef<TouchPoint | null>(null);
  const [preview, setPreview] = useState<number | null>(null);

  const reset = () => {
    start.current = null;
    setPreview(null);
  };
  const widthOf = (e: TouchEvent<HTMLElement>) => e.currentTarget.getBoundingClientRect().width;

  return {
    preview,
    handlers: {
      onTouchStart: (e: TouchEvent<HTMLElement>) => {
        const touch = e.touches[0];
        if (e.touches.length !== 1 || !touch) {
          // A second finger (a pinch) is no swipe and no tap.
          reset();
          lastTap.current = null;
          return;
        }
        start.current = { x: touch.clientX, y: touch.clientY, t: e.timeStamp };
      },
      onTouchMove: (e: TouchEvent<HTMLElement>) => {
        const touch = e.touches[0];
        if (!start.current || !touch) return;
        setPreview(swipePreviewSeconds(start.current, { x: touch.clientX, y: touch.clientY }, widthOf(e)));
      },
      onTouchEnd: (e: TouchEvent<HTMLElement>) => {
        const from = start.current;
        const touch = e.changedTouches[0];
        reset();
        if (!from || !touch) return;
        const outcome = endGesture(from, { x: touch.clientX, y: touch.clientY, t: e.timeStamp }, widthOf(e), lastTap.current);
        lastTap.current = outcome.kind === 'tap' ? outcome.at : null;
        if (outcome.kind === 'seek') onSeekBy(outcome.seconds);
        else if (outcome.kind === 'togglePlay') onTogglePlay();
        // The touch is handled here: no emulated click after it (the mouse click toggles play).
        if (e.cancelable) e.preventDefault();
      },
      onTouchCancel: reset,
    },
  };
}
