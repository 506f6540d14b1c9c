import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showError } from '../../../lib/toast';
import type { JournalEntryInput } from '../api';
import { journalToasts } from '../strings';
import type { QueuedEntry } from './draftStore';
import { journalOutbox } from './journalOutbox';
import { sendQueuedEntries } from './useJournalOutboxSender';

/** A refused entry, changed on the device and sent again at once (it waits if there is no signal). */
export function useEditQueuedEntry() {
  const client = useQueryClient();
  return useMutation({
    // The change is kept on the device: it needs no connection.
    networkMode: 'always',
    mutationFn: ({ queued, input }: { queued: QueuedEntry; input: JournalEntryInput }) => journalOutbox.edit(queued, input),
    onSuccess: (_, { queued }) => void sendQueuedEntries(client, queued.accountId),
    onError: (err) => showError(journalToasts.updateFailed, err),
  });
}
