import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconShare, IconTrash } from '@tabler/icons-react';
import { mediaText as t } from '../strings';

interface SelectionBarProps {
  count: number;
  onShare: () => void;
  onDelete: () => void;
  onClear: () => void;
  deleting: boolean;
}

/** Multi-select: the count, Share and Delete (spec), and a way out. Stays in view while scrolling. */
export function SelectionBar({ count, onShare, onDelete, onClear, deleting }: SelectionBarProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      px={{ base: 'xs', sm: 'md' }}
      py="xs"
      pos="sticky"
      // Below the app's sticky header: its top bar (64 px), plus the link row from 48em up.
      top={{ base: 72, sm: 109 }}
      style={{ zIndex: 5 }}
      role="region"
      aria-label={t.selectedCount(count)}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <CloseButton aria-label={t.clearSelection} onClick={onClear} />
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t.selectedCount(count)}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" size="sm" px="sm" leftSection={<IconShare size={16} />} onClick={onShare} disabled={deleting}>
            {t.share}
          </Button>
          <Button color="red" size="sm" px="sm" leftSection={<IconTrash size={16} />} onClick={onDelete} loading={deleting}>
            {t.delete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
