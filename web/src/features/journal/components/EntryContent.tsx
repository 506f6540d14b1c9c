import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles, IconWand } from '@tabler/icons-react';
import type { JournalEntry } from '../api';
import { displayedText, enhancementKind, truncateContent } from '../entryRules';
import { entryText as t } from '../strings';

interface EntryContentProps {
  entry: JournalEntry;
  /** Whether the reader switched to the original text (only meaningful when there is an enhancement). */
  showOriginal: boolean;
  onToggleOriginal: () => void;
}

/** The entry text: the enhancement when there is one, cut at 300 characters with Read more / Show less. */
export function EntryContent({ entry, showOriginal, onToggleOriginal }: EntryContentProps) {
  const [expanded, setExpanded] = useState(false);
  const text = displayedText(entry, showOriginal);
  const preview = truncateContent(text);
  return (
    <Stack gap={6}>
      {entry.enhancedContent && (
        <EnhancementLabel entry={entry} showOriginal={showOriginal} onToggleOriginal={onToggleOriginal} />
      )}
      {enhancementKind(entry) === 'offline-unchanged' && (
        <Group gap={6} wrap="nowrap">
          <ThemeIcon size="sm" radius="xl" variant="light" color="gray" aria-hidden>
            <IconWand size={12} />
          </ThemeIcon>
          <Text size="xs" fw={600} c="dimmed">
            {t.noChangesNeeded}
          </Text>
        </Group>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {expanded ? text : preview.text}
      </Text>
      {preview.truncated && (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setExpanded((v) => !v)} w="fit-content">
          {expanded ? t.showLess : t.readMore}
        </Anchor>
      )}
    </Stack>
  );
}

/** Who polished the text (an AI service, or the offline cleanup) and the original/enhanced switch. */
function EnhancementLabel({ entry, showOriginal, onToggleOriginal }: EntryContentProps) {
  const basic = enhancementKind(entry) !== 'ai';
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
      <Group gap={6} wrap="nowrap" miw={0}>
        <ThemeIcon size="sm" radius="xl" variant="light" color={basic ? 'gray' : 'violet'} aria-hidden>
          {basic ? <IconWand size={12} /> : <IconSparkles size={12} />}
        </ThemeIcon>
        <Text size="xs" fw={600} c={basic ? 'dimmed' : 'violet'} style={basic ? undefined : { whiteSpace: 'nowrap' }}>
          {basic ? t.cleanedOffline : t.enhancedWithAi}
        </Text>
        {!basic && entry.aiModel && (
          <Text size="xs" c="dimmed" truncate>
            {entry.aiModel}
          </Text>
        )}
      </Group>
      <Button variant="subtle" size="compact-xs" onClick={onToggleOriginal} style={{ flexShrink: 0 }}>
        {showOriginal ? t.showEnhanced : t.showOriginal}
      </Button>
    </Group>
  );
}
