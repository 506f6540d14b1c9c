import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useUser, type User } from '../../auth';
import { apiRequest } from '../../../lib/api';
import { isOnline } from '../../../lib/network';
import { showSuccess } from '../../../lib/toast';
import { journalKeys } from '../queries';
import { journalToasts } from '../strings';
import { journalOutbox } from './journalOutbox';

/** While the app is open, queued entries are tried this often too: `online` does not fire when a weak signal merely improves. */
const RETRY_INTERVAL_MS = 30_000;

/**
 * Whether the browser's session is still this account's: another tab may have signed in as someone else,
 * and their cookie would send this account's entries as theirs (refused, as not their athlete's).
 */
async function sessionIs(accountId: number): Promise<boolean> {
  const { user } = await apiRequest<{ user: User | null }>('GET', '/api/session');
  return user?.id === accountId;
}

/** Sends the account's queued entries now; those the server took join the journal's lists. */
export async function sendQueuedEntries(client: QueryClient, accountId: number) {
  if (!isOnline()) return;
  const waiting = (await journalOutbox.list(accountId)).filter((entry) => !entry.refusal);
  if (waiting.length === 0 || !(await sessionIs(accountId).catch(() => false))) return;
  const sent = await journalOutbox.sendAll(accountId).catch(() => []);
  if (sent.length === 0) return;
  showSuccess(journalToasts.queuedSent(sent.length));
  const athletes = new Set(sent.map((entry) => entry.athleteId));
  await Promise.all(
    [...athletes].flatMap((id) => [
      client.invalidateQueries({ queryKey: journalKeys.all(id) }),
      client.invalidateQueries({ queryKey: journalKeys.stats(id) }),
    ]),
  );
}

/**
 * Sends the signed-in account's queued entries: when the app starts, when the connection comes back, and
 * every RETRY_INTERVAL_MS while it is open.
 */
export function useJournalOutboxSender() {
  const accountId = useUser().user?.id;
  const client = useQueryClient();
  useEffect(() => {
    if (accountId === undefined) return;
    const sendNow = () => void sendQueuedEntries(client, accountId);
    sendNow();
    window.addEventListener('online', sendNow);
    const timer = window.setInterval(sendNow, RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', sendNow);
      window.clearInterval(timer);
    };
  }, [accountId, client]);
}
