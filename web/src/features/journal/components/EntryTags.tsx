import { Badge, Button, Group, Text } from '@mantine/core';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { IconPlus } from '@tabler/icons-react';
import type { JournalEntry } from '../api';
import { categoryColor, missingSuggestedTags } from '../entryRules';
import { useAddTagMutation } from '../queries';
import { entryText as t } from '../strings';

/** The entry's tags as badges, coloured per category; clicking one filters the page by it when it can. */
export function EntryTags({ tags, onTagClick }: { tags: string[]; onTagClick?: (tag: string) => void }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6}>
      {tags.map((tag) =>
        onTagClick ? (
          <Badge
            key={tag}
            component="button"
            type="button"
            variant="light"
            radius="xl"
            tt="none"
            fw={500}
            color={categoryColor(tag)}
            style={{ cursor: 'pointer' }}
            onClick={() => onTagClick(tag)}
          >
            {tag}
          </Badge>
        ) : (
          <Badge key={tag} variant="light" radius="xl" tt="none" fw={500} color={categoryColor(tag)}>
            {tag}
          </Badge>
        ),
      )}
    </Group>
  );
}

/** Tags the enhancer suggested that the entry lacks; adding one saves the entry with it. */
export function SuggestedTags({ entry }: { entry: JournalEntry }) {
  const addTag = useAddTagMutation();
  const suggestions = missingSuggestedTags(entry);
  if (suggestions.length === 0) return null;
  return (
    <Group gap={6}>
      <Text size="xs" c="dimmed">
        {t.addTag}
      </Text>
      {suggestions.map((tag) => (
        <NeedsSignal key={tag}>
        <Button
          size="compact-xs"
          variant="default"
          radius="xl"
          fw={500}
          leftSection={<IconPlus size={12} aria-hidden />}
          aria-label={t.addTagLabel(tag)}
          disabled={addTag.isPending}
          onClick={() => addTag.mutate({ entry, tag })}
        >
          {tag}
        </Button>
        </NeedsSignal>
      ))}
    </Group>
  );
}
