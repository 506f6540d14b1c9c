import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';
import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS, LONG_PRESS_VIBRATION_MS, OVERLAY_FADE_MS } from '../mediaRules';

/**
 * The tile's tap-and-hold (spec: 500 ms, a 50 ms vibration where the device has one, and the
 * overlay it shows fades after 2 s). Touch only: a mouse has hover for the same overlay.
 * `consumeClick` tells the tile's click handler to ignore the click a long press may end with.
 */
export function useLongPress() {
  const [shown, setShown] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancelPress = useCallback(() => {
    clearTimeout(pressTimer.current);
    pressTimer.current = undefined;
    start.current = null;
  }, []);

  useEffect(
    () => () => {
      clearTimeout(pressTimer.current);
      clearTimeout(fadeTimer.current);
    },
    [],
  );

  const onTouchStart = (e: TouchEvent<HTMLElement>) => {
    // Touches in a portal (the tile's menu) bubble here through React; they are not the tile's.
    if (!e.currentTarget.contains(e.target as Node) || e.touches.length !== 1) return;
    const touch = e.touches[0]!;
    cancelPress();
    fired.current = false;
    start.current = { x: touch.clientX, y: touch.clientY };
    pressTimer.current = setTimeout(() => {
      pressTimer.current = undefined;
      fired.current = true;
      setShown(true);
      if (typeof navigator.vibrate === 'function') navigator.vibrate(LONG_PRESS_VIBRATION_MS);
      clearTimeout(fadeTimer.current);
      fadeTimer.current = setTimeout(() => setShown(false), OVERLAY_FADE_MS);
    }, LONG_PRESS_MS);
  };

  const onTouchMove = (e: TouchEvent<HTMLElement>) => {
    const touch = e.touches[0];
    if (!start.current || !touch) return;
    const moved = Math.hypot(touch.clientX - start.current.x, touch.clientY - start.current.y);
    if (moved > LONG_PRESS_MOVE_TOLERANCE_PX) cancelPress();
  };

  /** True once for the click that follows a long press (which should not also open or select). */
  const consumeClick = () => {
    const was = fired.current;
    fired.current = false;
    return was;
  };

  return {
    shown,
    consumeClick,
    handlers: { onTouchStart, onTouchMove, onTouchEnd: cancelPress, onTouchCancel: cancelPress },
  };
}
