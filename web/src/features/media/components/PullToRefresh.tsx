import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Box, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { PULL_THRESHOLD_PX, REFRESH_INDICATOR_MS, SCROLL_TOP_TOLERANCE_PX } from '../mediaRules';
import { mediaText as t } from '../strings';

interface PullToRefreshProps {
  onRefresh: () => void;
  children: ReactNode;
}

/** How far the indicator follows the finger: a damped pull, capped. */
const indicatorHeight = (pull: number) => Math.min(pull * 0.5, 60);

/**
 * Pull-to-refresh on touch screens (spec section 4): from the top of the page, a pull over 80 px
 * and release refetches and shows 'Refreshing' for 800 ms. A mouse never starts a pull.
 */
export function PullToRefresh({ onRefresh, children }: PullToRefreshProps) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  const startX = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Chrome on Android has its own pull-to-refresh, which would reload the whole app: off on this page.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  const onTouchStart = (e: TouchEvent<HTMLDivElement>) => {
    // Touches in dialogs (portals) bubble here through React; they are not pulls on the page.
    if (!e.currentTarget.contains(e.target as Node) || e.touches.length !== 1 || refreshing) return;
    if (window.scrollY > SCROLL_TOP_TOLERANCE_PX) return;
    startY.current = e.touches[0]!.clientY;
    startX.current = e.touches[0]!.clientX;
  };

  const onTouchMove = (e: TouchEvent<HTMLDivElement>) => {
    const touch = e.touches[0];
    if (startY.current === null || !touch) return;
    const dy = touch.clientY - startY.current;
    const dx = touch.clientX - startX.current;
    // Sideways is a swipe, not a pull.
    if (Math.abs(dx) > Math.abs(dy)) {
      setPull(0);
      return;
    }
    setPull(Math.max(0, dy));
  };

  const onTouchEnd = () => {
    if (startY.current === null) return;
    startY.current = null;
    const pulled = pull;
    setPull(0);
    if (pulled > PULL_THRESHOLD_PX) {
      setRefreshing(true);
      onRefresh();
      timer.current = setTimeout(() => setRefreshing(false), REFRESH_INDICATOR_MS);
    }
  };

  const height = refreshing ? 44 : indicatorHeight(pull);
  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <Box h={height} style={{ overflow: 'hidden', transition: pull ? undefined : 'height 200ms ease' }} aria-live="polite">
        {(refreshing || pull > 0) && (
          <Center h={Math.max(height, 24)}>
            {refreshing ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t.refreshing}
                </Text>
              </Group>
            ) : (
              <Group gap={4}>
                <IconArrowDown
                  size={14}
                  aria-hidden
                  style={{ transform: pull > PULL_THRESHOLD_PX ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                />
                <Text size="sm" c="dimmed">
                  {pull > PULL_THRESHOLD_PX ? t.releaseToRefresh : t.pullToRefresh}
                </Text>
              </Group>
            )}
          </Center>
        )}
      </Box>
      {children}
    </div>
  );
}
