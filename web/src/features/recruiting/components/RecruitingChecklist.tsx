import { useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { dateLabel } from '../../../lib/format';
import type { ChecklistItem } from '../api';
import { useChecklistMutation } from '../queries';
import { recruitingText as t } from '../strings';

/** The Recruiting Checklist tab: the class-year defaults and the family's own steps, checked off here. */
export function RecruitingChecklist({ items, athleteId, canEdit }: { items: ChecklistItem[]; athleteId: number; canEdit: boolean }) {
  const change = useChecklistMutation(athleteId);
  const [draft, setDraft] = useState('');
  const add = () => {
    const title = draft.trim();
    if (!title) return;
    change.mutate({ input: { title } }, { onSuccess: () => setDraft('') });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        {items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
            {/* Uncontrolled, so the box flips at once under the finger; the key remounts it with the
                server's answer if that differs (a failed change comes back unchecked). */}
            <Checkbox
              key={`${item.id}-${item.done}`}
              defaultChecked={item.done}
              disabled={!canEdit}
              onChange={(e) => change.mutate({ id: item.id, input: { done: e.currentTarget.checked } })}
              label={
                <Text size="sm" td={item.done ? 'line-through' : undefined} c={item.done ? 'dimmed' : undefined}>
                  {item.title}
                </Text>
              }
              description={item.dueDate ? t.due(dateLabel(item.dueDate)) : undefined}
            />
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${t.delete} ${item.title}`}
                onClick={() => window.confirm(t.confirmDeleteItem) && change.mutate({ id: item.id, remove: true })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {canEdit && (
          <Group gap="xs" wrap="nowrap" mt="xs">
            <TextInput
              style={{ flex: 1 }}
              placeholder={t.newItemPlaceholder}
              aria-label={t.newItemPlaceholder}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button leftSection={<IconPlus size={14} />} onClick={add} loading={change.isPending && !!draft}>
              {t.addItem}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
