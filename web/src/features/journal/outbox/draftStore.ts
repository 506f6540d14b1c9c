import type { JournalEntryInput } from '../api';

// Where entries written without signal wait on the device (issue 34). IndexedDB, not localStorage:
// an entry can be long, and IndexedDB survives a phone's memory pressure better. The outbox's logic
// talks to the DraftStore interface only, so its rules are tested where no IndexedDB exists (jsdom).

/** Why the server refused a queued entry: a 4xx, kept on the card until the writer edits or discards it. */
export interface Refusal {
  status: number;
  message: string;
}

/** An entry written on this device and not yet accepted by the server. */
export interface QueuedEntry {
  /** The Idempotency-Key it is sent with, every time, until the server has it: a retry cannot make two. */
  key: string;
  /** The account that wrote it: another account signed in on this browser never sees or sends it. */
  accountId: number;
  athleteId: number;
  input: JournalEntryInput;
  /** RFC 3339; entries are sent oldest first. */
  queuedAt: string;
  /** Set when the server said no; such an entry is not sent again until edited. */
  refusal: Refusal | null;
}

export interface DraftStore {
  list(accountId: number): Promise<QueuedEntry[]>;
  put(entry: QueuedEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

const DB_NAME = 'legacy-locker-journal-outbox';
const DB_VERSION = 1;
const ENTRIES = 'entries';
const BY_ACCOUNT = 'accountId';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const entries = request.result.createObjectStore(ENTRIES, { keyPath: 'key' });
      entries.createIndex(BY_ACCOUNT, 'accountId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database asks this one to let go; the next use opens it again.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

/** The device's store of queued entries, in IndexedDB. */
export const indexedDbDraftStore: DraftStore = {
  async list(accountId) {
    const db = await openDatabase();
    const tx = db.transaction(ENTRIES, 'readonly');
    const entries = await promised(tx.objectStore(ENTRIES).index(BY_ACCOUNT).getAll(accountId) as IDBRequest<QueuedEntry[]>);
    return entries.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  },
  async put(entry) {
    const db = await openDatabase();
    const tx = db.transaction(ENTRIES, 'readwrite');
    tx.objectStore(ENTRIES).put(entry);
    await finished(tx);
  },
  async remove(key) {
    const db = await openDatabase();
    const tx = db.transaction(ENTRIES, 'readwrite');
    tx.objectStore(ENTRIES).delete(key);
    await finished(tx);
  },
};
