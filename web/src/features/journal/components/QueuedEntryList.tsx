import { useState } from 'react';
import { Divider, Stack } from '@mantine/core';
import type { QueuedEntry } from '../outbox/draftStore';
import { useQueuedEntries } from '../outbox/journalOutbox';
import { queuedEntryText as t } from '../strings';
import { EntryFormModal } from './dialogs';
import { QueuedEntryCard } from './QueuedEntryCard';

/**
 * The signed-in account's entries for this athlete that wait on this device, above the journal's own
 * (issue 34), with the dialog that edits a refused one. Nothing when there are none.
 */
export function QueuedEntryList({ athleteId, compact = false }: { athleteId: number; compact?: boolean }) {
  const queued = useQueuedEntries(athleteId);
  const [editing, setEditing] = useState<{ opened: boolean; queued: QueuedEntry | null }>({ opened: false, queued: null });
  if (queued.length === 0 && !editing.opened) return null;
  return (
    <Stack gap="md" role="region" aria-label={t.region}>
      {queued.map((entry) => (
        <QueuedEntryCard key={entry.key} queued={entry} compact={compact} onEdit={(q) => setEditing({ opened: true, queued: q })} />
      ))}
      {compact && queued.length > 0 && <Divider />}
      <EntryFormModal
        opened={editing.opened}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
        athleteId={athleteId}
        queued={editing.queued}
      />
    </Stack>
  );
}
