import { useEffect, useState } from 'react';
import { useUser } from '../../auth';
import { createEntry } from '../api';
import { indexedDbDraftStore, type QueuedEntry } from './draftStore';
import { createOutbox, webLock } from './outbox';

const OUTBOX_NAME = 'legacy-locker-journal-outbox';

/** The device's journal outbox. */
export const journalOutbox = createOutbox({
  store: indexedDbDraftStore,
  send: (entry) => createEntry(entry.athleteId, entry.input, entry.key),
  lock: webLock(OUTBOX_NAME),
  channel: OUTBOX_NAME,
});

/** The signed-in account's queued entries for one athlete, kept current as they are queued, sent or refused. */
export function useQueuedEntries(athleteId: number | undefined): QueuedEntry[] {
  const accountId = useUser().user?.id;
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  useEffect(() => {
    if (accountId === undefined) {
      setEntries([]);
      return;
    }
    let current = true;
    const load = () =>
      void journalOutbox.list(accountId).then((list) => {
        if (current) setEntries(list);
      });
    load();
    const unsubscribe = journalOutbox.subscribe(load);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [accountId]);
  return athleteId === undefined ? [] : entries.filter((entry) => entry.athleteId === athleteId);
}
