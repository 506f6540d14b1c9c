import { useRef, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../mediaRules';

interface SwipeStart {
  x: number;
  y: number;
  /** The sideways-scrolling element the touch began in ([data-no-swipe]), if any. */
  scroller: Element | null;
  scrollLeft: number;
}

/** Whether a scroller has no more room to scroll in the direction the content would move. */
function atEdge({ scroller, scrollLeft }: SwipeStart, dx: number): boolean {
  if (!scroller) return true;
  return dx > 0 ? scrollLeft <= 0 : scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
}

/**
 * A horizontal swipe (spec: threshold 30 px) over an element: -1 for leftwards, 1 for rightwards.
 * Mostly-vertical moves are scrolls. Inside [data-no-swipe] (the List view's sideways-scrolling
 * table) a swipe scrolls the table, and only counts once the table is at its edge. Touches from a
 * portal (a dialog) are left alone.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<SwipeStart | null>(null);
  return {
    onTouchStart: (e: TouchEvent<HTMLElement>) => {
      const target = e.target as Element;
      if (!e.currentTarget.contains(target) || e.touches.length !== 1) {
        start.current = null;
        return;
      }
      const scroller = target.closest?.('[data-no-swipe]') ?? null;
      const touch = e.touches[0]!;
      start.current = { x: touch.clientX, y: touch.clientY, scroller, scrollLeft: scroller?.scrollLeft ?? 0 };
    },
    onTouchEnd: (e: TouchEvent<HTMLElement>) => {
      const from = start.current;
      const touch = e.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy) * 1.5 && atEdge(from, dx)) {
        onSwipe(dx < 0 ? -1 : 1);
      }
    },
  };
}
