import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { IconSparkles, IconWand } from '@tabler/icons-react';
import { isWorking } from '../../../lib/jobStatus';
import type { JournalEntry } from '../api';
import { displayedText, enhancementKind, entryDateLabel } from '../entryRules';
import { entryText as t } from '../strings';

/** One entry on the dashboard: title, date, a two-line excerpt and its enhancement state. */
export function JournalEntryCompact({ entry }: { entry: JournalEntry }) {
  return (
    <Stack gap={4} component="article" aria-label={entry.title}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} lh={1.35} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {entry.title}
        </Text>
        {isWorking(entry.aiStatus) ? (
          <Badge variant="light" color="violet" tt="none" fw={500} leftSection={<Loader size={10} color="violet" />} style={{ flexShrink: 0 }}>
            {t.pendingBadge}
          </Badge>
        ) : enhancementKind(entry) === 'ai' ? (
          <Badge variant="light" color="violet" tt="none" fw={500} leftSection={<IconSparkles size={12} />} style={{ flexShrink: 0 }}>
            {t.enhancedBadge}
          </Badge>
        ) : enhancementKind(entry) === 'offline' ? (
          <Badge variant="light" color="gray" tt="none" fw={500} leftSection={<IconWand size={12} />} style={{ flexShrink: 0 }}>
            {t.cleanedBadge}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {entryDateLabel(entry)}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {displayedText(entry, false)}
      </Text>
    </Stack>
  );
}
