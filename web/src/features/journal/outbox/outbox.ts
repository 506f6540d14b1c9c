import { ApiError, newRequestKey } from '../../../lib/api';
import type { JournalEntry, JournalEntryInput } from '../api';
import type { DraftStore, QueuedEntry, Refusal } from './draftStore';

// The journal's outbox (issue 34): an entry written without signal waits on the device and is sent
// when the connection is back, with the Idempotency-Key it was given when written. The server keeps
// the first answer to a key for 24 hours, so an entry sent twice (its answer lost on the way back, two
// tabs, a reload mid-send) is still made once.

/** Sends one queued entry: POST …/journal with its key. */
export type SendEntry = (entry: QueuedEntry) => Promise<JournalEntry>;

/** Runs `send` unless another sender (another tab) is already at work; then it does nothing. */
export type SenderLock = (send: () => Promise<void>) => Promise<void>;

/**
 * Answers that say "not now" rather than "no": the entry waits for the next try. 401: the session ended
 * (it goes once the writer signs in again); 408, 425, 429: the server asks to come back later; 409 and
 * 423: another request is at work on the same thing.
 */
const TRY_AGAIN_LATER = new Set([401, 408, 409, 423, 425, 429]);

/** The server's answer was a refusal of this entry (bad input, no access): sending it again cannot help. */
function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500 || TRY_AGAIN_LATER.has(err.status)) return null;
  const fields = Object.values(err.body.errors ?? {});
  const message = [err.serverMessage ?? err.message, ...fields].join(' ');
  return { status: err.status, message };
}

export interface Outbox {
  /** The account's queued entries, oldest first; none when the device keeps none (no IndexedDB). */
  list(accountId: number): Promise<QueuedEntry[]>;
  /** Keeps an entry on the device, under the key its first try was sent with (if any). */
  queue(entry: Omit<QueuedEntry, 'queuedAt' | 'refusal'>): Promise<QueuedEntry>;
  /** Sends the account's waiting entries, oldest first, stopping at the first that cannot go now; answers those the server took. */
  sendAll(accountId: number): Promise<JournalEntry[]>;
  /** A refused entry, changed: it waits again, as a new request (a new key). */
  edit(entry: QueuedEntry, input: JournalEntryInput): Promise<void>;
  discard(key: string): Promise<void>;
  /** Drops every entry of the account (signing out, once the writer agreed). */
  forgetAccount(accountId: number): Promise<void>;
  /** Called after any change, in this tab or (with a channel) another. */
  subscribe(listener: () => void): () => void;
}

export interface OutboxParts {
  store: DraftStore;
  send: SendEntry;
  lock: SenderLock;
  /** A BroadcastChannel name, so other tabs hear of changes; none in tests. */
  channel?: string;
  now?: () => Date;
}

export function createOutbox({ store, send, lock, channel, now = () => new Date() }: OutboxParts): Outbox {
  const listeners = new Set<() => void>();
  let broadcast: BroadcastChannel | null = null;
  const tell = () => listeners.forEach((listener) => listener());
  const changed = () => {
    tell();
    broadcast?.postMessage('changed');
  };
  // One run at a time in this tab; the lock keeps other tabs out.
  let running: Promise<JournalEntry[]> | null = null;

  const sendWaiting = async (accountId: number): Promise<JournalEntry[]> => {
    const sent: JournalEntry[] = [];
    await lock(async () => {
      for (const entry of await store.list(accountId)) {
        if (entry.refusal) continue;
        try {
          sent.push(await send(entry));
        } catch (err) {
          const refusal = refusalOf(err);
          if (!refusal) break;
          await store.put({ ...entry, refusal });
          changed();
          continue;
        }
        await store.remove(entry.key);
        changed();
      }
    });
    return sent;
  };

  return {
    list: (accountId) => store.list(accountId).catch(() => []),
    async queue(entry) {
      const queued: QueuedEntry = { ...entry, queuedAt: now().toISOString(), refusal: null };
      await store.put(queued);
      changed();
      return queued;
    },
    sendAll(accountId) {
      running ??= sendWaiting(accountId).finally(() => {
        running = null;
      });
      return running;
    },
    async edit(entry, input) {
      await store.put({ ...entry, input, key: newRequestKey(), refusal: null });
      await store.remove(entry.key);
      changed();
    },
    async discard(key) {
      await store.remove(key);
      changed();
    },
    async forgetAccount(accountId) {
      for (const entry of await store.list(accountId)) await store.remove(entry.key);
      changed();
    },
    subscribe(listener) {
      if (channel && !broadcast && typeof BroadcastChannel !== 'undefined') {
        broadcast = new BroadcastChannel(channel);
        broadcast.onmessage = tell;
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The Web Locks API's lock of `name`, taken only if free: one tab sends, the others leave it. Where the
 * API is missing (older Safari), each tab sends on its own; the entries' keys still make each one once.
 */
export function webLock(name: string): SenderLock {
  return async (send) => {
    if (typeof navigator === 'undefined' || !navigator.locks) return send();
    await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) await send();
    });
  };
}
