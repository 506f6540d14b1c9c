import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCopy, IconDots, IconLock, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import type { JournalEntry } from '../api';
import { useDeleteEntryMutation, usePrivacyMutation, useRevertEnhancementMutation } from '../queries';
import { entryText as t, journalToasts } from '../strings';
import { showSuccess } from '../../../lib/toast';
import { useOfflineDisabled } from '../../../components/NeedsSignal';

interface EntryMenuProps {
  entry: JournalEntry;
  /** The text the card shows now, which is what Copy content copies. */
  shownText: string;
  onEdit: (entry: JournalEntry) => void;
  /** Only Copy content, for family members who may not edit. */
  readOnly?: boolean;
}

async function copyText(text: string) {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    showSuccess(journalToasts.copied);
  } catch {
    notifications.show({ title: journalToasts.copyFailed.title, message: journalToasts.copyFailed.message, color: 'red' });
  }
}

/** Edit, privacy, Copy content, Revert to original (when enhanced) and Delete. */
export function EntryMenu({ entry, shownText, onEdit, readOnly = false }: EntryMenuProps) {
  const privacy = usePrivacyMutation();
  const revert = useRevertEnhancementMutation();
  const remove = useDeleteEntryMutation();
  // Offline, Copy content still works; what would change the entry waits for the signal (issue 34).
  const offline = useOfflineDisabled();

  const confirmDelete = () => {
    if (window.confirm(t.confirmDelete)) remove.mutate(entry);
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t.actions}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!readOnly && (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(entry)} {...offline}>
              {t.edit}
            </Menu.Item>
            <Menu.Item
              leftSection={entry.isPrivate ? <IconUsers size={16} /> : <IconLock size={16} />}
              onClick={() => privacy.mutate({ entry, isPrivate: !entry.isPrivate })}
              {...offline}
            >
              {entry.isPrivate ? t.makePublic : t.makePrivate}
            </Menu.Item>
          </>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void copyText(shownText)}>
          {t.copyContent}
        </Menu.Item>
        {!readOnly && entry.enhancedContent && (
          <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => revert.mutate(entry)} {...offline}>
            {t.revert}
          </Menu.Item>
        )}
        {!readOnly && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete} {...offline}>
              {t.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
