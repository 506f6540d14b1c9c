import { Badge } from '@mantine/core';
import { unreadCountLabel } from '../strings';

/**
 * The navigation's count of what is new, nothing at 0. Hidden from screen readers: the link it sits in
 * says the count in its name (strings' withUnread).
 */
export function UnreadCountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" color="red" variant="filled" radius="xl" px={5} style={{ flexShrink: 0 }} aria-hidden>
      {unreadCountLabel(count)}
    </Badge>
  );
}
