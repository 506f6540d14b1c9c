import { useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { fullDateLabel, todayIso } from '../../../lib/format';
import type { ChecklistItem } from '../api';
import { useChecklistMutation } from '../queries';
import { recruitingText as t } from '../strings';

/**
 * An item's due date, always with its year (a checklist runs over four years); a step not done by its
 * date says it is overdue (issue 33: "Due Aug 1, 2025" sat there unflagged).
 */
function DueDate({ due, done }: { due: string; done: boolean }) {
  if (!done && due < todayIso()) {
    return (
      <Text span size="xs" c="red.8" fw={600}>
        {t.overdue(fullDateLabel(due))}
      </Text>
    );
  }
  return <>{t.due(fullDateLabel(due))}</>;
}

/** One item's title and due date being edited in place. */
function ChecklistItemEditor({ item, onSave, onCancel, pending }: { item: ChecklistItem; onSave: (title: string, dueDate: string | null) => void; onCancel: () => void; pending: boolean }) {
  const [title, setTitle] = useState(item.title);
  const [due, setDue] = useState(item.dueDate ?? '');
  return (
    <Stack gap={6} style={{ flex: 1 }}>
      <TextInput size="xs" aria-label={t.itemTitle} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={title.trim() ? undefined : t.titleRequired} data-autofocus />
      <Group gap="xs" wrap="wrap">
        <TextInput size="xs" type="date" aria-label={t.itemDue} value={due} onChange={(e) => setDue(e.currentTarget.value)} />
        <Button size="compact-sm" onClick={() => title.trim() && onSave(title.trim(), due || null)} loading={pending}>
          {t.save}
        </Button>
        <Button size="compact-sm" variant="default" onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/** The Recruiting Checklist tab: the class-year defaults and the family's own steps, checked off, edited and extended here. */
export function RecruitingChecklist({ items, athleteId, canEdit }: { items: ChecklistItem[]; athleteId: number; canEdit: boolean }) {
  const change = useChecklistMutation(athleteId);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const add = () => {
    const title = draft.trim();
    if (!title) return;
    change.mutate({ input: { title } }, { onSuccess: () => setDraft('') });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        {items.map((item) =>
          editing === item.id ? (
            <ChecklistItemEditor
              key={item.id}
              item={item}
              pending={change.isPending}
              onCancel={() => setEditing(null)}
              onSave={(title, dueDate) =>
                change.mutate({ id: item.id, input: { title, dueDate, done: item.done } }, { onSuccess: () => setEditing(null) })
              }
            />
          ) : (
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
                description={
                  item.proof || item.dueDate ? (
                    <>
                      {item.proof && (
                        <Text span size="xs" c="teal.9" fw={500} display="block">
                          {item.proof}
                        </Text>
                      )}
                      {item.dueDate && <DueDate due={item.dueDate} done={item.done} />}
                    </>
                  ) : undefined
                }
              />
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" aria-label={`${t.edit} ${item.title}`} onClick={() => setEditing(item.id)}>
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`${t.delete} ${item.title}`}
                    onClick={() => window.confirm(t.confirmDeleteItem) && change.mutate({ id: item.id, remove: true })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ),
        )}
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
