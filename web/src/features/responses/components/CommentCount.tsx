import { Group, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { responsesText as t } from '../strings';

/** A card's small "how many comments" mark; nothing when there are none. */
export function CommentCount({ count = 0 }: { count?: number }) {
  if (count <= 0) return null;
  return (
    <Group gap={4} wrap="nowrap" c="dimmed" role="img" aria-label={t.comments(count)}>
      <IconMessageCircle size={14} aria-hidden />
      <Text size="xs" span aria-hidden>
        {count.toLocaleString('en-US')}
      </Text>
    </Group>
  );
}
