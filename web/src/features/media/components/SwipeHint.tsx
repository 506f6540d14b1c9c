import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { mediaText as t } from '../strings';

/** On touch screens: sideways swipes switch Grid / List / Timeline (see useSwipe). */
export function SwipeHint() {
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  if (!touch) return null;
  return (
    <Group gap={6} justify="center" c="dimmed" data-testid="swipe-hint">
      <IconArrowsHorizontal size={16} aria-hidden />
      <Text size="xs">{t.swipeHint}</Text>
    </Group>
  );
}
